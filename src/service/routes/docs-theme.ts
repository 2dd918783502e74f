import { existsSync, readFileSync } from 'node:fs';

/**
 * Swagger UI in the page's colours: its own stylesheet is light only and styles by class, so this maps its surfaces,
 * text, borders, inputs and links onto the page's tokens (src/report/view/chain/tokens.css, served with the page),
 * which switch with prefers-color-scheme; the method badges keep Swagger's hues, with white text on them. Its inline
 * code boxes are padded taller than the line, so they covered the line above (issue 44): the padding is cut to fit.
 */
const SWAGGER_OVERRIDES = `
body { margin: 0; background: var(--bg); color: var(--text); font-family: var(--sans); }
.swagger-ui, .swagger-ui .info .title, .swagger-ui .info p, .swagger-ui .info li, .swagger-ui .info table,
.swagger-ui .opblock-tag, .swagger-ui .opblock-tag small, .swagger-ui .opblock .opblock-summary-description,
.swagger-ui .opblock .opblock-summary-path, .swagger-ui .opblock .opblock-summary-operation-id,
.swagger-ui .opblock-description-wrapper p, .swagger-ui .opblock-external-docs-wrapper p,
.swagger-ui .opblock-title_normal p, .swagger-ui .opblock .opblock-section-header h4,
.swagger-ui .opblock .opblock-section-header > label, .swagger-ui .tab li, .swagger-ui .parameter__name,
.swagger-ui .parameter__type, .swagger-ui .parameter__in, .swagger-ui .parameter__deprecated,
.swagger-ui .parameter__extension, .swagger-ui table thead tr td, .swagger-ui table thead tr th,
.swagger-ui .response-col_status, .swagger-ui .response-col_links, .swagger-ui .response-col_description,
.swagger-ui .responses-inner h4, .swagger-ui .responses-inner h5, .swagger-ui .markdown p, .swagger-ui .markdown li,
.swagger-ui .renderedMarkdown p, .swagger-ui .model, .swagger-ui .model-title, .swagger-ui .model .property,
.swagger-ui .prop-type, .swagger-ui .prop-format, .swagger-ui section.models h4, .swagger-ui section.models h5,
.swagger-ui .models-control, .swagger-ui .model-toggle, .swagger-ui .servers-title, .swagger-ui .servers > label,
.swagger-ui .scheme-container .schemes > label, .swagger-ui label, .swagger-ui .btn, .swagger-ui .response-control-media-type__title,
.swagger-ui .response-control-media-type__accept-message, .swagger-ui .request-url, .swagger-ui .headers-wrapper,
.swagger-ui .dialog-ux .modal-ux-content p, .swagger-ui .dialog-ux .modal-ux-header h3, .swagger-ui h1, .swagger-ui h2,
.swagger-ui h3, .swagger-ui h4, .swagger-ui h5, .swagger-ui .property-row td { color: var(--text); }
.swagger-ui .parameter__in, .swagger-ui .prop-format, .swagger-ui .opblock-tag small { color: var(--muted); }
.swagger-ui a, .swagger-ui .info a, .swagger-ui .info .link, .swagger-ui .markdown a { color: var(--link); }
.swagger-ui .scheme-container, .swagger-ui .opblock .opblock-section-header, .swagger-ui section.models,
.swagger-ui section.models .model-container, .swagger-ui .dialog-ux .modal-ux, .swagger-ui .opblock-body pre.microlight,
.swagger-ui .responses-inner, .swagger-ui .model-box { background: var(--surface); box-shadow: none; }
.swagger-ui .opblock, .swagger-ui .opblock .opblock-summary, .swagger-ui .opblock-tag, .swagger-ui section.models,
.swagger-ui table thead tr td, .swagger-ui table thead tr th, .swagger-ui .opblock .opblock-section-header {
  border-color: var(--border);
}
.swagger-ui .opblock.opblock-get, .swagger-ui .opblock.opblock-head, .swagger-ui .opblock.opblock-post,
.swagger-ui .opblock.opblock-put, .swagger-ui .opblock.opblock-delete, .swagger-ui .opblock.opblock-patch {
  background: var(--surface);
}
.swagger-ui .opblock .opblock-summary-method { color: #ffffff; text-shadow: none; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d4ed8; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #6d28d9; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #15803d; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b91c1c; }
.swagger-ui .opblock.opblock-put .opblock-summary-method, .swagger-ui .opblock.opblock-patch .opblock-summary-method {
  background: #a16207;
}
.swagger-ui input[type="text"], .swagger-ui input[type="password"], .swagger-ui input[type="search"],
.swagger-ui input[type="email"], .swagger-ui textarea, .swagger-ui select {
  background: var(--surface-2); color: var(--text); border: 1px solid var(--muted);
}
.swagger-ui .btn { background: var(--surface-2); border-color: var(--muted); }
.swagger-ui .btn.execute { background: var(--accent); border-color: var(--accent); color: var(--accent-text); }
.swagger-ui .info .title small { background: #4b5563; }
.swagger-ui .info .title small.version-stamp { background: #15803d; }
.swagger-ui .info .title small pre { color: #ffffff; }
.swagger-ui code, .swagger-ui .markdown code, .swagger-ui .renderedMarkdown code {
  color: var(--text); background: var(--surface-2);
}
.swagger-ui .markdown code, .swagger-ui .renderedMarkdown code, .swagger-ui .info p code {
  padding: 0.05em 0.3em; font-size: 0.9em; line-height: inherit; border-radius: 4px;
}
.swagger-ui .info .description p, .swagger-ui .markdown p, .swagger-ui .renderedMarkdown p { line-height: 1.7; }
.swagger-ui .btn.authorize, .swagger-ui .btn.authorize span { color: var(--text); border-color: var(--muted); }
.swagger-ui svg:not(:root) { fill: currentColor; }
.swagger-ui .opblock-summary-control:focus, .swagger-ui :focus-visible { outline: 3px solid var(--focus); }
`;

/**
 * The docs' stylesheet: the page's tokens (read from the built page, `tokens.css`), then the overrides. Without a
 * built page the overrides fall back on nothing, so the docs keep Swagger's look rather than half of ours.
 */
export function docsThemeCss(tokensFile: string | undefined): string | undefined {
  if (tokensFile === undefined || !existsSync(tokensFile)) return undefined;
  return `${readFileSync(tokensFile, 'utf8')}\n${SWAGGER_OVERRIDES}`;
}
