import { isAbsolute, relative, sep } from 'node:path';

/** The environment variables CI formats read (a subset of `process.env`). */
export type CiEnv = Readonly<Record<string, string | undefined>>;

/**
 * The input's path as CI tools locate findings: from the repository's root (`GITHUB_WORKSPACE` on GitHub Actions,
 * `CI_PROJECT_DIR` on GitLab CI, else the working directory), with forward slashes. Undefined for standard input and
 * URLs, which have no line in the repository; an input outside the root keeps its absolute path.
 */
export function repositoryPath(inputPath: string, env: CiEnv, cwd: string): string | undefined {
  if (inputPath === '-' || /^https?:\/\//i.test(inputPath)) return undefined;
  const root = env.GITHUB_WORKSPACE ?? env.CI_PROJECT_DIR ?? cwd;
  const path = relative(root, inputPath);
  const inside = path !== '' && !path.startsWith('..') && !isAbsolute(path);
  return (inside ? path : inputPath).split(sep).join('/');
}

/**
 * A link to a line of the input on GitHub (`https://github.com/OWNER/REPO/blob/SHA/PATH#L12`), from the variables the
 * runner sets; undefined elsewhere, where the summary names `path:line` in plain text.
 */
export function lineLinker(path: string | undefined, env: CiEnv): ((line: number) => string) | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_SHA: sha } = env;
  if (path === undefined || path.startsWith('/') || !server || !repository || !sha) return undefined;
  const file = path.split('/').map(encodeURIComponent).join('/');
  return (line) => `${server}/${repository}/blob/${sha}/${file}#L${line}`;
}
