/**
 * `hoplens fix --keep-status` (issue 26): every writer of `src/inputs/formats/` keeps each flattened rule's status
 * when the edit asks it to. Each fixture has a chain (A → B, B → C) through a rule that names no status, where its
 * format's default is temporary and fix otherwise makes the rule permanent. The fixed text is read back by the same
 * reader: without keep-status the named lines become permanent, with it every edited line keeps the status it had, and its
 * destination is still the chain's end.
 */
import { describe, expect, it } from 'vitest';
import { flatten } from '../../src/fix/flatten.js';
import type { CheckRow, FixEdit } from '../../src/inputs/index.js';
import { type RuleFormat, readRules, writeRules } from '../../src/inputs/index.js';
import { buildRuleGraph } from '../../src/lint/index.js';
import { all, chunked } from '../helpers/rule-items.js';

const SITE = 'https://site.example';
type Variant = { variant?: 'cloudflare-pages' };

async function rowsOf(format: RuleFormat, text: string, options: Variant): Promise<Map<number, CheckRow>> {
  const items = await all(readRules(format, chunked(text), { ...options, baseUrl: `${SITE}/`, keepShadowed: true }));
  expect(items.filter((item) => item.kind === 'invalid')).toEqual([]);
  return new Map(items.flatMap((item) => (item.kind === 'row' ? [[item.row.line, item.row] as const] : [])));
}

/** The fixed text's rows, written with or without keep-status, and the edits made. */
async function fix(format: RuleFormat, text: string, keepStatus: boolean, options: Variant = {}) {
  const before = await rowsOf(format, text, options);
  const { edits } = flatten(buildRuleGraph([...before.values()], SITE));
  expect(edits.length).toBeGreaterThan(0);
  const asked: FixEdit[] = keepStatus ? edits.map((edit) => ({ ...edit, keepStatus })) : edits;
  const out = await writeRules(format, text, asked, options);
  if (out === undefined) throw new Error(`no writer for ${format}`);
  return { before, after: await rowsOf(format, out, options), edits };
}

/** Status by line of the edited rules, before and after, and whether each edited rule now points at `/c`. */
async function statuses(format: RuleFormat, text: string, keepStatus: boolean, options: Variant = {}) {
  const { before, after, edits } = await fix(format, text, keepStatus, options);
  const was: Record<number, number | undefined> = {};
  const now: Record<number, number | undefined> = {};
  for (const { line } of edits) {
    was[line] = before.get(line)?.status;
    now[line] = after.get(line)?.status;
    expect(after.get(line)?.target, `line ${line}`).toBe(`${SITE}/c`);
  }
  return { was, now };
}

/** Asserts fix makes `madePermanent` lines permanent by default, and keeps every edited line's status with keep-status. */
async function expectKept(format: RuleFormat, text: string, madePermanent: number[], options: Variant = {}) {
  const plain = await statuses(format, text, false, options);
  for (const line of madePermanent) {
    expect(plain.was[line], `line ${line} before`).not.toBe(301);
    // Permanent: 301, or 308 where the format's `permanent` means it (Vercel).
    expect([301, 308], `line ${line} fixed`).toContain(plain.now[line]);
  }
  const kept = await statuses(format, text, true, options);
  expect(kept.now).toEqual(kept.was);
}

describe('fix --keep-status, every writer', () => {
  it('apache: a bare Redirect, RedirectMatch and RewriteRule [R] stay 302', async () => {
    // Redirect without a status answers 302 (https://httpd.apache.org/docs/2.4/mod/mod_alias.html#redirect); so
    // does a RewriteRule's bare R flag (https://httpd.apache.org/docs/2.4/rewrite/flags.html#flag_r).
    const text = [
      'RewriteEngine On',
      'Redirect /a /b',
      'RedirectMatch ^/m$ /b',
      'RewriteRule ^r$ /b [R,L]',
      'Redirect 301 /b /c',
      '',
    ].join('\n');
    await expectKept('apache', text, [2, 4]);
  });

  it('nginx: a bare return stays 302', async () => {
    // `return URL` without a code answers 302 (https://nginx.org/en/docs/http/ngx_http_rewrite_module.html#return).
    const text = [
      'server {',
      '  location = /a { return https://site.example/b; }',
      '  location = /t { return 307 https://site.example/b; }',
      '  location = /b { return 301 /c; }',
      '}',
      '',
    ].join('\n');
    await expectKept('nginx', text, [2]);
  });

  it('netlify as Cloudflare Pages: a rule naming no status stays 302', async () => {
    // Cloudflare Pages' _redirects default to 302 (https://developers.cloudflare.com/pages/configuration/redirects/).
    const text = ['/a /b', '/t /b 307', '/b /c 301', ''].join('\n');
    await expectKept('netlify', text, [1], { variant: 'cloudflare-pages' });
  });

  it('netlify: the default is already 301, and keep-status changes nothing either', async () => {
    // Netlify's _redirects default to 301 (https://docs.netlify.com/routing/redirects/redirect-options/).
    const text = ['/a /b', '/t /b 302', '/b /c', ''].join('\n');
    await expectKept('netlify', text, []);
  });

  it('vercel-bulk: a rule naming neither permanent nor statusCode stays 307 (JSON, JSON Lines, CSV)', async () => {
    // Bulk redirects are temporary unless they say otherwise (https://vercel.com/docs/redirects/bulk-redirects).
    const rules = [
      '{ "source": "/a", "destination": "/b" }',
      '{ "source": "/b", "destination": "/c", "permanent": true }',
    ];
    await expectKept('vercel-bulk', `[\n  ${rules.join(',\n  ')}\n]\n`, [2]);
    await expectKept('vercel-bulk', `${rules.join('\n')}\n`, [1]);
    await expectKept('vercel-bulk', 'source,destination,permanent\n/a,/b,\n/b,/c,true\n', [2]);
  });

  it('vercel, amplify and wordpress: their writers never change a status', async () => {
    // vercel.json's `permanent` defaults to true (https://vercel.com/docs/project-configuration#redirects).
    const vercel = `{ "redirects": [\n  { "source": "/a", "destination": "/b", "permanent": false },\n  { "source": "/b", "destination": "/c" }\n] }\n`;
    await expectKept('vercel', vercel, []);
    const amplify = `[\n  { "source": "/a", "target": "/b", "status": "302" },\n  { "source": "/b", "target": "/c" }\n]\n`;
    await expectKept('amplify', amplify, []);
    const wordpress = `source,target,code\n/a,/b,302\n/b,/c,301\n`;
    await expectKept('wordpress', wordpress, []);
  });
});
