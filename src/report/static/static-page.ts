/**
 * A static report page (coverage, compare...): one self-contained HTML document, no script and no external resource,
 * light and dark from the reader's setting, readable on a phone. Its styles are the report's tokens and figures
 * (built into dist/report/static-page.css by scripts/build-report.mjs).
 */
import { type HtmlValue, html, raw } from './html.js';

export interface StaticPage {
  /** The page's heading and, after "hoplens", its title. */
  title: string;
  /** A line under the heading: what was measured, from what, when. */
  meta?: string;
  /** The body: sections, cards, charts and tables from ./parts.ts. */
  body: readonly HtmlValue[];
}

/** The whole document for `page`, with `styles` (the built static-page.css) inline. */
export function staticPageDocument(page: StaticPage, styles: string): string {
  const css = raw(styles.replace(/<\/style/gi, '<\\/style'));
  return `${html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>hoplens ${page.title}</title>
<style>${css}</style>
</head>
<body class="report-file">
<main class="report">
<h1 class="report-head__title">${page.title}</h1>
${page.meta === undefined ? '' : html`<p class="report-head__meta">${page.meta}</p>`}
${page.body}
</main>
</body>
</html>`}\n`;
}
