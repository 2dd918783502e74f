/**
 * The variants view of a URL (`GET /api/variants`): a verdict, the canonical URL, the grid of variants with the odd
 * ones marked, and the findings with their help and links to the variants they name.
 */
import { displayUrl } from '../../../core/portable/index.js';
import { h } from '../../../report/view/dom.js';
import type { VariantsResponse } from '../api-types.js';
import { renderFindings } from '../render-issues.js';
import { type Copiers, toolbar } from '../render-result.js';
import { variantCard, variantCardId } from './variant-card.js';
import { variantsVerdict } from './variants-verdict.js';

function summary(report: VariantsResponse): HTMLElement {
  const verdict = variantsVerdict(report);
  const canonical = report.canonical;
  return h(
    'section',
    { class: 'summary', 'aria-labelledby': 'summary-title' },
    h(
      'div',
      { class: `verdict verdict--${verdict.level}`, 'data-level': verdict.level },
      h('h2', { id: 'summary-title', class: 'verdict__title' }, verdict.title),
      h('p', { class: 'verdict__detail' }, verdict.detail),
    ),
    h(
      'dl',
      { class: 'summary__grid summary__grid--variants' },
      h(
        'div',
        { class: 'summary__item' },
        h('dt', {}, 'Canonical URL'),
        h(
          'dd',
          {},
          canonical === undefined
            ? 'none'
            : h('span', { class: 'summary__url', translate: 'no' }, displayUrl(canonical)),
        ),
      ),
      h(
        'div',
        { class: 'summary__item' },
        h('dt', {}, 'Analyses counted'),
        h('dd', {}, h('span', { class: 'summary__count' }, String(report.grid.length)), ' (one per variant)'),
      ),
    ),
  );
}

export function renderVariants(report: VariantsResponse, copiers: Copiers): HTMLElement[] {
  const onCopy = (text: string, what: string) => copiers.copy(text, what);
  const grid = h(
    'section',
    { class: 'variants', 'aria-labelledby': 'variants-title' },
    h('h3', { id: 'variants-title' }, `Variants (${report.grid.length})`),
    h(
      'p',
      { class: 'hint' },
      'Each variant changes one thing from the URL as given; the last, as-browser, is its http:// form in a returning browser that knows the HSTS the others heard. The odd ones are marked ⚑ and named by a finding below.',
    ),
    h('ol', { class: 'variants__list' }, ...report.grid.map((row) => variantCard(row, report.findings, onCopy))),
  );
  const findings = renderFindings(report.findings, {
    titleId: 'issues-title',
    order: () => 0,
    links: (finding) => finding.variants.map((variant) => ({ href: `#${variantCardId(variant)}`, label: variant })),
  });
  return [toolbar(copiers), summary(report), findings, grid];
}
