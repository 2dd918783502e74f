/**
 * The CI documents built from one report of findings (check's, lint's, fix's): its shape, GitLab's code quality
 * report and the Markdown job summary.
 */
export * from './ci-report.js';
export { renderGitlab } from './gitlab.js';
export { type MarkdownOptions, renderMarkdown } from './markdown.js';
