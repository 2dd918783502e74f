/**
 * The variants view's verdict (src/web/client/variants/variants-verdict.ts): a note (`variant_not_found`, info: a
 * variant nobody links to answering 404, which Google counts harmless, https://support.google.com/webmasters/answer/7440203)
 * leaves the verdict at ok, as the command line's exit status 0 does; a warning still makes it a warning (issue 44).
 */
import { describe, expect, it } from 'vitest';
import type { VariantsResponse } from '../../src/web/client/api-types.js';
import { variantsVerdict } from '../../src/web/client/variants/variants-verdict.js';

const CANONICAL = 'https://www.example.test/page';

function report(findings: Array<{ type: string; severity: 'error' | 'warning' | 'info' }>): VariantsResponse {
  return {
    url: CANONICAL,
    canonical: CANONICAL,
    grid: [],
    findings: findings.map((finding) => ({
      ...finding,
      message: finding.type,
      variants: ['case'],
      help: `docs/issues.md#${finding.type}`,
    })),
  } as unknown as VariantsResponse;
}

describe('the variants verdict', () => {
  it('is ok with notes only, and says the noted variants need nothing done', () => {
    const verdict = variantsVerdict(report([{ type: 'variant_not_found', severity: 'info' }]));
    expect(verdict.level).toBe('ok');
    expect(verdict.detail).toContain('they answer that they do not exist, as a URL nobody links to should');
  });

  it('is a warning with a warning, an error with an error', () => {
    expect(variantsVerdict(report([{ type: 'variant_chain', severity: 'warning' }])).level).toBe('warning');
    expect(variantsVerdict(report([{ type: 'variant_not_https', severity: 'error' }])).level).toBe('error');
  });
});
