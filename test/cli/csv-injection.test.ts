/**
 * Outputs that are safe to open. URLs and headers that strangers control reach hoplens's CSV files; a cell starting
 * with `=`, `+`, `-`, `@`, a tab or a carriage return runs as a formula in a spreadsheet. Each is written behind a
 * single quote, as OWASP's CSV Injection guidance (owasp.org/www-community/attacks/CSV_Injection) says, in every CSV
 * hoplens writes; hoplens's own CSV reader reads them back unchanged. And `fix` refuses one file for both its outputs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutralisedCell, readCsvRecords, restoredCell } from '../../src/inputs/index.js';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const FORMULAS = ['=HYPERLINK("http://evil.example","x")', "+cmd|' /C calc'!A0", '@SUM(1+1)', '-2+3', '\tx', '\rx'];
const dirPath = tempDirPerTest();

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url === '/old') res.writeHead(301, { location: '/new' }).end();
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
afterAll(async () => {
  await server.close();
});

describe('formula cells', () => {
  it('are neutralised with a quote and read back unchanged; numbers and ordinary text are left alone', async () => {
    for (const formula of FORMULAS) {
      expect(neutralisedCell(formula)).toBe(`'${formula}`);
      expect(restoredCell(neutralisedCell(formula))).toBe(formula);
    }
    for (const plain of ['-5', '+12.5', 'https://site.test/', "'quoted", ''])
      expect(neutralisedCell(plain)).toBe(plain);
    const csv = `source,target\n${FORMULAS.map((f) => `"${neutralisedCell(f).replaceAll('"', '""')}",x`).join('\n')}\n`;
    const cells: string[] = [];
    for await (const item of readCsvRecords(Readable.from([csv]))) {
      if (item.kind === 'record' && item.line > 1) cells.push(item.record[0]!);
    }
    expect(cells).toEqual(FORMULAS);
  });

  it('check --format csv writes a formula-leading cell of the input neutralised; hoplens reads it back unchanged', async () => {
    // An input CSV from someone else: its extra columns are carried into the report.
    const input = join(dirPath(), 'rows.csv');
    const formula = '=HYPERLINK("http://evil.example","click")';
    await writeFile(
      input,
      `source,target,notes\n${server.origin}/old,${server.origin}/new,"${formula.replaceAll('"', '""')}"\n`,
    );
    const out = join(dirPath(), 'report.csv');
    await runCli(['check', input, '--format', 'csv', '--output', out, '--retries', '0']);
    const report = await readFile(out, 'utf8');
    expect(report).toContain(`"'${formula.replaceAll('"', '""')}"`);
    expect(report).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const records: string[][] = [];
    for await (const item of readCsvRecords(Readable.from([report])))
      if (item.kind === 'record') records.push(item.record);
    const column = records[0]!.findIndex((name) => name.includes('notes'));
    expect(column).toBeGreaterThan(-1);
    expect(records[1]![column]).toBe(formula);
  });
});

describe('fix with one file for both outputs', () => {
  it('refuses --output X --map X, whether X exists or not, and writes nothing', async () => {
    const rules = join(dirPath(), '_redirects');
    await writeFile(rules, '/a /b\n/b /c\n');
    const same = join(dirPath(), 'out.txt');
    const fresh = await runCli(['fix', rules, '--output', same, '--map', same]);
    expect(fresh.code).toBe(2);
    expect(fresh.stderr).toContain("is also the fixed rules' file");
    await writeFile(same, 'kept\n');
    const existing = await runCli(['fix', rules, '--output', same, '--map', `${dirPath()}/./out.txt`]);
    expect(existing.code).toBe(2);
    expect(await readFile(same, 'utf8')).toBe('kept\n');
  });
});
