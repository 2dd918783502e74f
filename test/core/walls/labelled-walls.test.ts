/**
 * The bot wall rules on the labelled answers (test/fixtures/bot-walls/labelled-answers.json, committed before the
 * rules): every challenge or block page of a vendor is a wall of that vendor, every ordinary error answer is none
 * (issue 46: "all classified right"). Each answer names the documented or observed signal it was written after.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyWall, WALL_VENDORS } from '../../../src/core/walls/index.js';
import { Analyzer } from '../../../src/index.js';
import { ROOT } from '../../helpers/cli.js';
import { startServer } from '../../helpers/servers.js';
import { LOOPBACK } from '../helpers/analysis.js';

interface Labelled {
  id: string;
  label: 'wall' | 'ordinary';
  vendor?: string;
  action?: 'challenge' | 'block';
  status: number;
  headers: Record<string, string>;
  body: string;
  source: string;
}

const { answers } = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/bot-walls/labelled-answers.json'), 'utf8')) as {
  answers: Labelled[];
};

/** The answer as the rules read it: `set-cookie` lines as a list, as undici hands them over. */
function asReceived(answer: Labelled) {
  const headers: Record<string, string | string[]> = { ...answer.headers };
  const cookie = answer.headers['set-cookie'];
  if (cookie !== undefined) headers['set-cookie'] = cookie.split('\n');
  return { status: answer.status, headers, body: answer.body };
}

describe('the labelled set', () => {
  it('holds at least 40 walls, 100 ordinary errors, and a wall of every vendor', () => {
    const walls = answers.filter((answer) => answer.label === 'wall');
    expect(walls.length).toBeGreaterThanOrEqual(40);
    expect(answers.length - walls.length).toBeGreaterThanOrEqual(100);
    expect(new Set(walls.map((wall) => wall.vendor))).toEqual(new Set(WALL_VENDORS));
    for (const wall of walls) expect(wall.source, wall.id).not.toBe('');
  });

  it('classifies every answer right: each wall as its vendor, no ordinary error as a wall', () => {
    const wrong = answers.flatMap((answer) => {
      const found = classifyWall(asReceived(answer));
      const got = found === undefined ? 'ordinary' : `wall ${found.vendor}`;
      const want = answer.label === 'ordinary' ? 'ordinary' : `wall ${answer.vendor}`;
      return got === want ? [] : [`${answer.id}: ${got}, labelled ${want}`];
    });
    expect(wrong).toEqual([]);
  });

  it('tells a challenge a browser would pass from a block, where the signal says', () => {
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    for (const id of ['cloudflare-1', 'aws-waf-2', 'vercel-1', 'datadome-1', 'perimeterx-1', 'generic-2']) {
      expect(classifyWall(asReceived(byId.get(id)!))?.action, id).toBe('challenge');
    }
    for (const id of ['cloudflare-5', 'cloudflare-6', 'vercel-2', 'akamai-1', 'imperva-1', 'sucuri-1']) {
      expect(classifyWall(asReceived(byId.get(id)!))?.action, id).toBe('block');
    }
  });

  it('names the signal it went by', () => {
    const cloudflare = answers.find((answer) => answer.id === 'cloudflare-1')!;
    expect(classifyWall(asReceived(cloudflare))).toEqual({
      vendor: 'cloudflare',
      action: 'challenge',
      signal: 'cf-mitigated: challenge',
    });
  });
});

describe('a page that answered', () => {
  it('is a wall only by a vendor header: a 200 page whose words look like a wall is none, through the core', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', server: 'cloudflare' });
      res.end('<title>Just a moment...</title><p>Our post on /_sec/cp_challenge/ and Incapsula incident ID pages</p>');
    });
    const analyzer = new Analyzer();
    try {
      const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
      expect(result.chain[0]!.wall).toBeUndefined();
    } finally {
      await analyzer.close();
      await server.close();
    }
  });
});
