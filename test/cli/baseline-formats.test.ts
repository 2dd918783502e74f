import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { compareWithBaseline, missingFromRun } from '../../src/check/baseline.js';
import { emptySummary } from '../../src/check/summary.js';
import { loadBaseline } from '../../src/cli/baseline-file.js';
import { colorsFor } from '../../src/cli/colors.js';
import { Sink } from '../../src/cli/output.js';
import { xmlText } from '../../src/core/index.js';
import { CsvFormatter, csvField } from '../../src/formats/check/csv.js';
import { JsonFormatter } from '../../src/formats/check/json.js';
import { JunitFormatter } from '../../src/formats/check/junit.js';
import { NdjsonFormatter } from '../../src/formats/check/ndjson.js';
import { capture, tempDirPerTest } from '../helpers/cli.js';
import { rowResult } from '../helpers/row-result.js';

const dirPath = tempDirPerTest();

describe('baseline', () => {
  it('reads an ndjson report and lists changed final URL, statuses, hop count and errors', async () => {
    const path = join(dirPath(), 'before.ndjson');
    const before = [
      rowResult(),
      rowResult({ source: 'http://old.test/b', finalStatus: 200, hops: 2 }),
      rowResult({ source: 'http://old.test/c', outcome: 'errored', error: { code: 'TIMEOUT', message: 't' } }),
      rowResult({ source: 'http://old.test/gone' }),
    ];
    await writeFile(path, `${before.map((row) => JSON.stringify(row)).join('\n')}\n`);
    const baseline = await loadBaseline(path);
    expect(baseline.entries.size).toBe(4);

    expect(compareWithBaseline(baseline, rowResult())).toEqual([]);
    expect(
      compareWithBaseline(baseline, rowResult({ source: 'http://OLD.test:80/b', finalStatus: 404, hops: 1 })),
    ).toEqual([
      { field: 'finalStatus', before: 200, after: 404 },
      { field: 'hops', before: 2, after: 1 },
    ]);
    expect(compareWithBaseline(baseline, rowResult({ source: 'http://old.test/c' }))).toEqual([
      { field: 'error', before: 'TIMEOUT', after: null },
    ]);
    expect(compareWithBaseline(baseline, rowResult({ source: 'http://old.test/new' }))).toBeUndefined();
    expect(missingFromRun(baseline)).toEqual(['http://old.test/gone']);
  });

  it('reads the json format line by line, a pretty-printed document, and `hoplens <url> --json` output', async () => {
    const json = join(dirPath(), 'report.json');
    const sink = capture();
    const formatter = new JsonFormatter(new Sink(sink.stream, { owned: false, isTTY: false }));
    await formatter.begin();
    await formatter.row(rowResult());
    await formatter.row(rowResult({ source: 'http://old.test/b', finalUrl: 'http://new.test/b' }));
    await formatter.end();
    await writeFile(json, sink.text());
    expect(JSON.parse(sink.text())).toHaveLength(2);
    expect((await loadBaseline(json)).entries.get('http://old.test/b')?.finalUrl).toBe('http://new.test/b');

    const analysis = join(dirPath(), 'analysis.json');
    const result = {
      success: true,
      url: 'http://old.test/a',
      chain: [{ url: 'http://old.test/a', status: 308, statusText: '', responseTime: 1, headers: {} }],
      summary: {
        totalHops: 1,
        finalUrl: 'http://old.test/a',
        finalStatus: 308,
        totalTime: 1,
        hasLoop: false,
        issues: [],
      },
    };
    await writeFile(analysis, JSON.stringify([result], null, 2));
    expect((await loadBaseline(analysis)).entries.get('http://old.test/a')).toEqual({
      finalUrl: 'http://old.test/a',
      firstStatus: 308,
      finalStatus: 308,
      hops: 1,
      error: null,
    });
  });

  it('rejects a missing or unreadable baseline with INPUT_ERROR', async () => {
    await expect(loadBaseline(join(dirPath(), 'nope.json'))).rejects.toMatchObject({
      code: 'INPUT_ERROR',
      message: expect.stringContaining('no such file'),
    });
    const bad = join(dirPath(), 'bad.json');
    await writeFile(bad, 'source,target\n');
    await expect(loadBaseline(bad)).rejects.toMatchObject({ code: 'INPUT_ERROR' });
  });
});

describe('formats', () => {
  it('csv quotes fields with commas, quotes and line breaks', async () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(undefined)).toBe('');
    const out = capture();
    const formatter = new CsvFormatter(new Sink(out.stream, { owned: false, isTTY: false }));
    await formatter.begin();
    await formatter.row(rowResult({ outcome: 'failed', reasons: ['a, b', 'c'], source: 'http://old.test/?q=1,2' }));
    expect(out.text().split('\n')[1]).toBe(
      // The row's chain is empty: no final hop, so final_ip, http_version and cert_days_left are empty.
      '2,"http://old.test/?q=1,2",,,failed,301,200,http://new.test/a,2,1,12,1,,"a, b; c",,,,,',
    );
  });

  it('ndjson writes one parseable object a line', async () => {
    const out = capture();
    const formatter = new NdjsonFormatter(new Sink(out.stream, { owned: false, isTTY: false }));
    await formatter.row(rowResult());
    await formatter.row(rowResult({ line: 3 }));
    expect(
      out
        .text()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).line),
    ).toEqual([2, 3]);
  });

  it('junit spools test cases and writes totals first, escaping what XML cannot hold', async () => {
    const out = capture();
    const formatter = new JunitFormatter(new Sink(out.stream, { owned: false, isTTY: false }), {
      inputName: 'in & out.csv',
    });
    await formatter.begin();
    await formatter.row(rowResult());
    await formatter.row(
      rowResult({
        line: 3,
        source: 'http://old.test/?a=1&b=<2>',
        outcome: 'failed',
        reasons: ['bad "x"\u0001', 'two'],
      }),
    );
    await formatter.row(
      rowResult({
        line: 4,
        outcome: 'errored',
        reasons: ['TIMEOUT: slow'],
        error: { code: 'TIMEOUT', message: 'slow' },
      }),
    );
    await formatter.skipped({ line: 5, text: '/blog/* /news/:splat', reason: 'splat in the source' });
    await formatter.end({ ...emptySummary(), passed: 1, failed: 1, errored: 1, skipped: 1, elapsedMs: 1500 });

    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(out.text());
    const suite = xml.testsuites.testsuite;
    expect(suite).toMatchObject({ tests: '4', failures: '1', errors: '1', skipped: '1', time: '1.500' });
    expect(suite.testcase).toHaveLength(4);
    expect(suite.testcase[1]).toMatchObject({
      name: 'http://old.test/?a=1&b=<2>',
      classname: 'in & out.csv',
      failure: { message: 'bad "x"\\x01', type: 'failed', '#text': 'bad "x"\\x01\ntwo' },
    });
    expect(suite.testcase[2].error).toMatchObject({ type: 'TIMEOUT' });
    expect(suite.testcase[3].skipped).toMatchObject({ message: 'splat in the source' });
    expect(xmlText('\ud800<')).toBe('\ufffd&lt;');
  });

  it('colours only when asked: NO_COLOR wins, FORCE_COLOR forces, else the terminal decides', () => {
    expect(colorsFor(true, {}).red('x')).not.toBe('x');
    expect(colorsFor(false, {}).red('x')).toBe('x');
    expect(colorsFor(true, { NO_COLOR: '1' }).red('x')).toBe('x');
    expect(colorsFor(false, { FORCE_COLOR: '1' }).red('x')).not.toBe('x');
    expect(colorsFor(true, { FORCE_COLOR: '0' }).red('x')).toBe('x');
  });
});
