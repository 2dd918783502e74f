/**
 * Chromium as the HSTS oracle: Debian's /usr/bin/chromium through playwright-core, with the flags of
 * test/helpers/browser.ts (nothing but the pages it is given) and two more. `--host-resolver-rules` sends the test
 * zone to loopback, leaves the IP literal alone and resolves nothing else, so no name can reach a real network.
 * `--ignore-certificate-errors-spki-list` makes the test certificate's key trusted outright: Chromium notes HSTS only
 * from a connection without certificate errors, so a certificate merely let through (`ignoreHTTPSErrors`) would teach
 * it nothing. Chromium honours that flag only with `--user-data-dir`, which Playwright's launch always passes: a fresh
 * temporary profile it deletes on close ({@link HstsBrowser.profileDir}).
 */
import { createHash, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Browser, chromium, type Request } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../helpers/browser.js';
import { browserPids } from '../../helpers/chromium-processes.js';
import type { ShownHop } from './hsts-site.js';

export const CHROMIUM = '/usr/bin/chromium';

/** The base64 SHA-256 of a certificate's SubjectPublicKeyInfo, as `--ignore-certificate-errors-spki-list` takes it. */
export function spkiHash(certificatePem: string): string {
  const spki = createPublicKey(certificatePem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

/** A launched Chromium that trusts `trustedCert`'s key and maps `*.zone` to 127.0.0.1. */
export class HstsBrowser {
  private constructor(
    readonly browser: Browser,
    /** The `--user-data-dir` Playwright gave this launch (read from the process's command line). */
    readonly profileDir: string | undefined,
  ) {}

  static async launch(trustedCert: string, zone: string): Promise<HstsBrowser> {
    const before = new Set(browserPids());
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        ...CHROMIUM_ARGS,
        `--ignore-certificate-errors-spki-list=${spkiHash(trustedCert)}`,
        `--host-resolver-rules=MAP *.${zone} 127.0.0.1, EXCLUDE 127.0.0.1, MAP * ~NOTFOUND`,
      ],
      timeout: 20_000,
    });
    const pid = browserPids().find((each) => !before.has(each));
    const argv = pid === undefined ? [] : readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const profile = argv.find((arg) => arg.startsWith('--user-data-dir='))?.slice('--user-data-dir='.length);
    return new HstsBrowser(browser, profile);
  }

  /**
   * Navigates one fresh context (its own HSTS state) to each URL in turn and returns each navigation's chain as the
   * browser saw it: every request of the main frame's redirect chain, internal redirects included, with its status.
   * @param ignoreCertificateErrors let a failing certificate through, as a user clicking past the warning does
   */
  async chains(urls: readonly string[], ignoreCertificateErrors: boolean): Promise<ShownHop[][]> {
    const context = await this.browser.newContext({
      ignoreHTTPSErrors: ignoreCertificateErrors,
      serviceWorkers: 'block',
    });
    try {
      const page = await context.newPage();
      page.setDefaultNavigationTimeout(10_000);
      const chains: ShownHop[][] = [];
      for (const url of urls) {
        const response = await page.goto(url, { waitUntil: 'commit' });
        if (response === null) throw new Error(`no response navigating to ${url}`);
        chains.push(await chainOf(response.request()));
      }
      return chains;
    } finally {
      await context.close();
    }
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}

/** The requests that led to `last`, oldest first, each with its response's status and Non-Authoritative-Reason. */
async function chainOf(last: Request): Promise<ShownHop[]> {
  const hops: ShownHop[] = [];
  for (let request: Request | null = last; request !== null; request = request.redirectedFrom()) {
    const response = await request.response();
    if (response === null) throw new Error(`no response to ${request.url()}`);
    const reason = response.headers()['non-authoritative-reason'];
    hops.unshift({ url: request.url(), status: response.status(), ...(reason === undefined ? {} : { reason }) });
  }
  return hops;
}
