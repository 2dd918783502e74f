/**
 * The CI documents built from one report of findings (check's, lint's, fix's, a files crawl's): its shape, how
 * check's rows, lint's findings and fix's edits become one, and each CI's own format of it (GitHub's workflow
 * commands and job summary, SARIF with each finding's help, GitLab's code quality report, the Markdown summary).
 */
export { CiCheckCollector, type CiInput } from './ci-check-collector.js';
export { CiDocumentFormatter } from './ci-document.js';
export { type FixChange, fixCiReport } from './ci-fix-report.js';
export { lintCiReport } from './ci-lint-report.js';
export { type CiEnv, lineLinker, repositoryPath } from './ci-location.js';
export * from './ci-report.js';
export { CI_RULE_WORDS, type CiRule } from './ci-rules.js';
export {
  CI_DOCUMENT_FORMATS,
  type CiDocumentFormat,
  type CiWriteOptions,
  renderCiDocument,
} from './ci-writers.js';
export { GithubFormatter, type GithubOptions, publish } from './github.js';
export { ANNOTATIONS_PER_LEVEL, annotations, logGroup, workflowCommand } from './github-commands.js';
export { renderGitlab } from './gitlab.js';
export { type CiRuleHelp, ciRuleHelp, LINT_HELP } from './help-uri.js';
export { type MarkdownOptions, renderMarkdown } from './markdown.js';
export { type RuleHelp, renderSarif } from './sarif.js';
