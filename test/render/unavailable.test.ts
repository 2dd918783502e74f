/**
 * Without a Chromium to start, rendering fails with `RENDER_UNAVAILABLE` and says how to get one; `checkChromium`
 * tells the same at start-up without launching anything. Analyses that do not render are not affected.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Analyzer, HoplensError } from '../../src/index.js';
import {
  ChromiumRenderer,
  checkChromium,
  chromiumPath,
  DEFAULT_CHROMIUM_PATH,
  HEADLESS_SHELL_PATH,
} from '../../src/render/index.js';
import { installTripwire } from '../helpers/net-tripwire.js';
import { startServer } from '../helpers/servers.js';

installTripwire();

const HINT = /apt-get install chromium.*HOPLENS_CHROMIUM/;

async function renderFailure(renderer: ChromiumRenderer): Promise<HoplensError> {
  const server = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end("<!doctype html><script>location.href = '/b';</script>");
  });
  const analyzer = new Analyzer({ renderer });
  try {
    const plain = await analyzer.analyze(`${server.origin}/`, { allowNetworks: ['127.0.0.0/8'] });
    expect(plain.chain).toHaveLength(1);
    const error = await analyzer.analyze(`${server.origin}/`, { allowNetworks: ['127.0.0.0/8'], render: true }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HoplensError);
    return error as HoplensError;
  } finally {
    await analyzer.close();
    await server.close();
  }
}

describe('no Chromium', () => {
  it('reads HOPLENS_CHROMIUM, else Debian’s headless shell when installed, else Debian’s /usr/bin/chromium', () => {
    const none = () => false;
    const shellOnly = (path: string) => path === HEADLESS_SHELL_PATH;
    expect(chromiumPath({}, none)).toBe(DEFAULT_CHROMIUM_PATH);
    expect(chromiumPath({ HOPLENS_CHROMIUM: ' ' }, none)).toBe(DEFAULT_CHROMIUM_PATH);
    expect(chromiumPath({}, shellOnly)).toBe(HEADLESS_SHELL_PATH);
    expect(chromiumPath({ HOPLENS_CHROMIUM: '/opt/chrome/chrome' }, shellOnly)).toBe('/opt/chrome/chrome');
  });

  it('checkChromium finds the installed one and refuses a path that is not there', () => {
    // .ci/run installs both packages: the headless shell is preferred.
    expect(checkChromium({})).toBe(HEADLESS_SHELL_PATH);
    expect(() => checkChromium({ HOPLENS_CHROMIUM: '/nonexistent' })).toThrow(HINT);
    const dir = mkdtempSync(join(tmpdir(), 'hoplens-render-'));
    try {
      const notExecutable = join(dir, 'chromium');
      writeFileSync(notExecutable, '#!/bin/sh\n', { mode: 0o644 });
      expect(() => checkChromium({ HOPLENS_CHROMIUM: notExecutable })).toThrow(/No Chromium executable/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(() => checkChromium({ HOPLENS_CHROMIUM: '/usr/bin' })).toThrow(/No Chromium executable/);
  });

  it('HOPLENS_CHROMIUM=/nonexistent: a render fails with RENDER_UNAVAILABLE and an install hint', async () => {
    const error = await renderFailure(ChromiumRenderer.fromEnvironment({ HOPLENS_CHROMIUM: '/nonexistent' }));
    expect(error.code).toBe('RENDER_UNAVAILABLE');
    expect(error.message).toMatch(HINT);
    expect(error.message).toContain('/nonexistent');
  });

  it('an executable that is not a browser: the failed launch is RENDER_UNAVAILABLE too', async () => {
    const error = await renderFailure(new ChromiumRenderer({ executablePath: '/bin/false', launchTimeout: 5_000 }));
    expect(error.code).toBe('RENDER_UNAVAILABLE');
    expect(error.message).toMatch(/did not start/);
    expect(error.message).toMatch(HINT);
  });
});
