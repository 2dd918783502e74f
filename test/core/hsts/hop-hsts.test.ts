/**
 * Each hop's Strict-Transport-Security, read from real responses on loopback as a browser reads it: over HTTPS it
 * counts, over plain HTTP or over a certificate that failed it is shown but ignored (RFC 6797 §8.1), and of several
 * fields only the first is read (§8.1). The CLI's `-v` line says the same (src/cli/formats/hop-anatomy-block.ts).
 */

import pc from 'picocolors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anatomyBlock } from '../../../src/cli/formats/hop-anatomy-block.js';
import { Analyzer, type Hop } from '../../../src/index.js';
import { tableResolver } from '../../helpers/resolvers.js';
import { startHttpsServer, startServer } from '../../helpers/servers.js';
import { createTestPki, type TestPki } from '../../helpers/tls-certificates.js';
import { closeAfterEach, LOOPBACK } from '../helpers/analysis.js';

const HOST = 'sts.test';
const resolver = tableResolver({ [HOST]: '127.0.0.1' });
const plainColors = pc.createColors(false);
let pki: TestPki;
let analyzer: Analyzer;
const track = closeAfterEach();

beforeAll(() => {
  pki = createTestPki(HOST);
  analyzer = new Analyzer({ resolver, ca: pki.ca });
});
afterAll(() => analyzer.close());

describe('a hop reports its Strict-Transport-Security', () => {
  it('over HTTPS: parsed, and counting; only the first of two fields is read (RFC 6797 §8.1)', async () => {
    const server = await track(
      startHttpsServer((_req, res) => {
        // Node writes an array as two field lines.
        res.setHeader('strict-transport-security', ['max-age=31536000; includeSubDomains; preload', 'max-age=0']);
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      }, pki.valid),
    );
    const result = await analyzer.analyze(`https://${HOST}:${server.port}/`, LOOPBACK);
    const hop = result.chain[0] as Hop;
    expect(hop.hsts).toEqual({
      value: 'max-age=31536000; includeSubDomains; preload',
      fields: 2,
      valid: true,
      maxAge: 31_536_000,
      includeSubDomains: true,
      preload: true,
      counts: true,
    });
    expect(anatomyBlock(hop, '  ', plainColors)).toContain(
      '  hsts: max-age 1 year · includeSubDomains · preload · first of 2 fields read\n',
    );
  });

  it('over plain HTTP: shown, but marked as not counting (RFC 6797 §8.1)', async () => {
    const server = await track(
      startServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain', 'strict-transport-security': 'max-age=600' }).end('ok');
      }),
    );
    const result = await analyzer.analyze(`http://${HOST}:${server.port}/`, LOOPBACK);
    const hop = result.chain[0] as Hop;
    expect(hop.hsts).toMatchObject({ valid: true, maxAge: 600, counts: false });
    expect(anatomyBlock(hop, '', plainColors)).toContain('hsts: max-age 600 s · ignored over http\n');
  });

  it("over HTTPS whose certificate failed (tls: 'report'): shown, but not counting, as in Chromium (§8.1)", async () => {
    const server = await track(
      startHttpsServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain', 'strict-transport-security': 'max-age=600' }).end('ok');
      }, pki.selfSigned),
    );
    const result = await analyzer.analyze(`https://${HOST}:${server.port}/`, { ...LOOPBACK, tls: 'report' });
    const hop = result.chain[0] as Hop;
    expect(hop.hsts).toMatchObject({ valid: true, maxAge: 600, counts: false });
    expect(anatomyBlock(hop, '', plainColors)).toContain('hsts: max-age 600 s · ignored: certificate error\n');
  });

  it('an invalid field: why, and never counting', async () => {
    const server = await track(
      startHttpsServer((_req, res) => {
        res.writeHead(200, { 'strict-transport-security': 'max-age=1; max-age=2' }).end('ok');
      }, pki.valid),
    );
    const result = await analyzer.analyze(`https://${HOST}:${server.port}/`, LOOPBACK);
    expect(result.chain[0]!.hsts).toEqual({
      value: 'max-age=1; max-age=2',
      fields: 1,
      valid: false,
      problem: 'the max-age directive appears twice',
      counts: false,
    });
  });

  it('present on the hop that sent it, absent on one that sent none', async () => {
    const server = await track(
      startHttpsServer((req, res) => {
        res.writeHead(200, req.url === '/sts' ? { 'strict-transport-security': 'max-age=60' } : {}).end('ok');
      }, pki.valid),
    );
    const base = `https://${HOST}:${server.port}`;
    const withSts = await analyzer.analyze(`${base}/sts`, LOOPBACK);
    expect(withSts.chain[0]!.hsts).toMatchObject({ maxAge: 60, counts: true });
    const without = await analyzer.analyze(`${base}/none`, LOOPBACK);
    expect(without.chain[0]).not.toHaveProperty('hsts');
  });
});
