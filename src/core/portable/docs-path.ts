/**
 * Where a page of the package's docs is served. The core gives hoplens's own help as a path in the package,
 * `docs/NAME.md#anchor` (src/core/issues/help.ts), and a hoplens service serves that file as `/docs/NAME#anchor`
 * (src/service/routes/doc-pages.ts): the page links it on its own origin, the CI formats on the running hoplens that
 * HOPLENS_DOCS_URL names.
 */
const PACKAGE_DOC = /^docs\/([a-z][a-z-]*)\.md(#[\w-]+)?$/;

/** `docs/issues.md#redirect_loop` as served: `/docs/issues#redirect_loop`; undefined for any other help. */
export function servedDocPath(help: string): string | undefined {
  const doc = PACKAGE_DOC.exec(help);
  return doc === null ? undefined : `/docs/${doc[1]}${doc[2] ?? ''}`;
}
