/**
 * `hoplens check vercel.json --samples FILE` on rules whose destination uses a name their `has` defines (issue 42):
 * a query key without a value (`:ref`) and a named group of a query value (`:code`). The built executable predicts
 * each sample's Location from the sample's own query and checks it on a loopback server that answers as Vercel's
 * routing code does for the same file (test/oracles/vercel-oracle.ts over @vercel/routing-utils).
 *
 * vercel.com/docs/project-configuration/vercel-json, "has object definition": a `value` "can be used to capture a
 * specific part of the value"; nextjs.org/docs/app/api-reference/config/next-config-js/redirects ("Header, Cookie, and
 * Query Matching"), whose `has` Vercel's follows: `first-(?<paramName>.*)` on `first-second` makes `second` "usable in
 * the destination with `:paramName`". The old matcher left these samples skipped ("only the request decides").
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { vercelFileOracle } from '../oracles/vercel-oracle.js';

const FILE = {
  redirects: [
    { source: '/blog/:slug', destination: '/news/:slug/:ref', has: [{ type: 'query', key: 'ref' }] },
    {
      source: '/c',
      destination: '/campaign/:code',
      has: [{ type: 'query', key: 'utm', value: 'spring-(?<code>\\d+)' }],
      permanent: false,
    },
  ],
};

let server: TestServer;
beforeAll(async () => {
  const oracle = vercelFileOracle(FILE);
  server = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'https://old.example');
    const answer = oracle.answer(url);
    if (answer === undefined || !('location' in answer)) {
      res.writeHead(200);
    } else {
      // The request's query passed on unless the destination has its own, as hoplens and the generated suite read
      // the platform (docs/oracles/vercel.md, "Query strings").
      const location = answer.location.includes('?') ? answer.location : `${answer.location}${url.search}`;
      res.writeHead(answer.status, { location });
    }
    res.end();
  });
});
afterAll(async () => {
  await server.close();
});

const dirPath = tempDirPerTest();

describe('hoplens check --samples on vercel.json: has names in the destination', () => {
  it('fills a query key and a named group of a query value from each sample, as Vercel does', async () => {
    const rules = join(dirPath(), 'vercel.json');
    await writeFile(rules, `${JSON.stringify(FILE, null, 2)}\n`);
    const samples = join(dirPath(), 'samples.txt');
    await writeFile(
      samples,
      ['/blog/hello?ref=news', '/c?utm=spring-24', '/c?utm=autumn-24', '/blog/hello']
        .map((path) => `https://old.example${path}`)
        .join('\n'),
    );
    const base = `http://site.test:${server.port}`;
    const { code, stdout } = await runCli([
      'check',
      rules,
      '--samples',
      samples,
      '--base-url',
      base,
      '--format',
      'ndjson',
    ]);
    const rows = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const brief = rows.map(
      (row) =>
        `${row.line} ${row.outcome} ${(row.extra as { rule?: string }).rule || '-'} ${row.expectedStatus ?? '-'} ${row.target ?? '-'}`,
    );
    expect(brief).toEqual([
      `1 passed line 3 308 ${base}/news/hello/news?ref=news`,
      `2 passed line 13 307 ${base}/campaign/24?utm=spring-24`,
      '3 failed - - -',
      '4 failed - - -',
    ]);
    // The two samples no rule answers (a query value the condition refuses, no query) are gaps, not skips.
    for (const row of rows.slice(2)) expect(String((row.reasons as string[])[0])).toMatch(/^unmatched/);
    expect(code).toBe(1);
  });
});
