/**
 * Bot walls through the core: a loopback server answers as each labelled answer says (status, headers, body, as the
 * vendors' walls are documented or observed to: test/fixtures/bot-walls/labelled-answers.json), one path each, behind
 * a redirect. Each wall's chain ends with the hop's `wall` and a `bot_wall` finding, never `error_status`; each
 * ordinary error answer keeps `error_status` and has no wall.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../../src/index.js';
import { ROOT } from '../../helpers/cli.js';
import { startServer, type TestServer } from '../../helpers/servers.js';
import { LOOPBACK } from '../helpers/analysis.js';

interface Labelled {
  id: string;
  label: 'wall' | 'ordinary';
  vendor?: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const { answers } = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/bot-walls/labelled-answers.json'), 'utf8')) as {
  answers: Labelled[];
};
const byId = new Map(answers.map((answer) => [answer.id, answer]));

let server: TestServer;
const analyzer = new Analyzer();

beforeAll(async () => {
  server = await startServer((req, res) => {
    const id = decodeURIComponent((req.url ?? '/').slice(1).replace(/^moved\//, ''));
    if (req.url?.startsWith('/moved/')) {
      res.writeHead(301, { location: `/${encodeURIComponent(id)}` });
      res.end();
      return;
    }
    const answer = byId.get(id);
    if (answer === undefined) {
      res.writeHead(404).end();
      return;
    }
    const headers: Record<string, string | string[]> = { ...answer.headers };
    if (headers['set-cookie'] !== undefined) headers['set-cookie'] = answer.headers['set-cookie']!.split('\n');
    // A status the server may not send a body with (none here) would be refused by node; every labelled one may.
    res.writeHead(answer.status, headers);
    res.end(answer.body);
  });
});

afterAll(async () => {
  await server.close();
  await analyzer.close();
});

describe('bot walls, served', () => {
  it('every labelled answer, behind a redirect, is judged as its label says', async () => {
    const wrong: string[] = [];
    for (const answer of answers) {
      const result = await analyzer.analyze(`${server.origin}/moved/${encodeURIComponent(answer.id)}`, LOOPBACK);
      const last = result.chain[result.chain.length - 1]!;
      const types = result.summary.issues.map((issue) => issue.type);
      const got =
        last.wall === undefined
          ? `ordinary${types.includes('error_status') === last.status >= 400 ? '' : ' (error_status wrong)'}`
          : `wall ${last.wall.vendor}${types.includes('bot_wall') && !types.includes('error_status') ? '' : ' (findings wrong)'}`;
      const want = answer.label === 'ordinary' ? 'ordinary' : `wall ${answer.vendor}`;
      if (got !== want) wrong.push(`${answer.id}: ${got}, labelled ${want}`);
    }
    expect(wrong).toEqual([]);
  });

  it('names the vendor and the signal in the finding', async () => {
    const result = await analyzer.analyze(`${server.origin}/moved/cloudflare-1`, LOOPBACK);
    expect(result.summary.issues.find((issue) => issue.type === 'bot_wall')).toMatchObject({
      severity: 'warning',
      hop: 1,
      message: `${server.origin}/cloudflare-1 answered with Cloudflare's challenge (cf-mitigated: challenge), not the page: whether it works is unknown`,
    });
  });

  it('reads the signal from a header the hop does not report (headers: default)', async () => {
    const result = await analyzer.analyze(`${server.origin}/aws-waf-1`, LOOPBACK);
    expect(result.chain[0]!.headers['x-amzn-waf-action']).toBeUndefined();
    expect(result.chain[0]!.wall).toEqual({
      vendor: 'aws-waf',
      action: 'challenge',
      signal: 'x-amzn-waf-action: challenge',
    });
  });
});
