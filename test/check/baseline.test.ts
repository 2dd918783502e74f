import { describe, expect, it } from 'vitest';
import {
  type Baseline,
  type BaselineEntry,
  baselineKey,
  compareWithBaseline,
  describeChange,
  markChanges,
  missingFromRun,
} from '../../src/check/baseline.js';
import { rowResult } from '../helpers/row-result.js';

const row = rowResult;

const entry = (overrides: Partial<BaselineEntry> = {}): BaselineEntry => ({
  finalUrl: 'http://new.test/a',
  firstStatus: 301,
  finalStatus: 200,
  hops: 2,
  error: null,
  ...overrides,
});

function baseline(entries: Record<string, BaselineEntry>): Baseline {
  return { entries: new Map(Object.entries(entries).map(([url, e]) => [baselineKey(url), e])), seen: new Set() };
}

describe('baseline comparison', () => {
  it('matches rows on the parsed source URL and lists each field that changed', () => {
    const before = baseline({ 'http://old.test/a': entry(), 'http://old.test/b': entry() });
    expect(compareWithBaseline(before, row({ source: 'HTTP://OLD.test:80/a' }))).toEqual([]);
    expect(compareWithBaseline(before, row({ source: 'http://old.test/b', firstStatus: 302, hops: 3 }))).toEqual([
      { field: 'firstStatus', before: 301, after: 302 },
      { field: 'hops', before: 2, after: 3 },
    ]);
    expect(compareWithBaseline(before, row({ source: 'http://old.test/new' }))).toBeUndefined();
    expect(missingFromRun(before)).toEqual([]);
  });

  it('compares error codes alone when either run errored', () => {
    const before = baseline({ 'http://old.test/a': entry({ error: 'TIMEOUT', hops: null }) });
    expect(compareWithBaseline(before, row({ error: { code: 'TIMEOUT', message: 'slow' }, hops: 0 }))).toEqual([]);
    expect(compareWithBaseline(before, row({ error: { code: 'DNS_ERROR', message: 'gone' } }))).toEqual([
      { field: 'error', before: 'TIMEOUT', after: 'DNS_ERROR' },
    ]);
  });

  it('marks the changes on the row, failing it only with failOnChange', () => {
    const before = baseline({ 'http://old.test/a': entry({ finalStatus: 404 }) });
    const kept = row();
    expect(markChanges(before, kept, false)).toEqual([{ field: 'finalStatus', before: 404, after: 200 }]);
    expect(kept).toMatchObject({ outcome: 'passed', reasons: [], changes: [{ field: 'finalStatus' }] });

    const failed = row();
    markChanges(before, failed, true);
    expect(failed.outcome).toBe('failed');
    expect(failed.reasons).toEqual(['changed since baseline: final status 404 → 200']);

    const unchanged = row({ finalStatus: 404 });
    expect(markChanges(before, unchanged, true)).toEqual([]);
    expect(unchanged).toMatchObject({ outcome: 'passed', changes: [] });

    const added = row({ source: 'http://old.test/new' });
    expect(markChanges(before, added, true)).toBeUndefined();
    expect(added.changes).toBeUndefined();
  });

  it('describes a change in words, absent values as none', () => {
    expect(describeChange({ field: 'finalUrl', before: null, after: 'http://x.test/' })).toBe(
      'final URL none → http://x.test/',
    );
  });
});
