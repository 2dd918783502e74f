/** A finding's own section of docs/issues.md (src/core/issue-docs.ts), what `hoplens explain <type>` prints. */
import { describe, expect, it } from 'vitest';
import { issueSection, readIssueDocs } from '../../src/core/index.js';
import { FINDING_TYPES } from '../../src/formats/finding-help.js';

describe('issue docs', () => {
  it("finds the package's docs/issues.md and a section for every type, up to the next one", () => {
    const docs = readIssueDocs();
    // Every kind hoplens reports: the chain's, the variants grid's and the crawl's.
    for (const type of FINDING_TYPES) {
      const section = issueSection(docs, type);
      expect(section?.split('\n')[0], type).toBe(`## ${type}`);
      expect(section, type).toMatch(/Severity/);
      // One section only: no other type's heading inside it.
      expect(
        section!.split('\n').filter((line) => line.startsWith('## ')),
        type,
      ).toHaveLength(1);
    }
  });

  it('ends a section at the next second-level heading, not at a deeper one or a heading in a code block', () => {
    const markdown = [
      '# Title',
      '## redirect_loop',
      'Severity: **error**.',
      '### Example',
      '```md',
      '## not_https',
      '```',
      'more',
      '## redirect_chain',
      'next',
    ].join('\n');
    expect(issueSection(markdown, 'redirect_loop')).toBe(
      ['## redirect_loop', 'Severity: **error**.', '### Example', '```md', '## not_https', '```', 'more'].join('\n'),
    );
    expect(issueSection(markdown, 'redirect_chain')).toBe('## redirect_chain\nnext');
    expect(issueSection(markdown, 'not_https')).toBeUndefined();
  });
});
