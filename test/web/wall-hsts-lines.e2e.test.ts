/**
 * The web page in Chromium against the real service from source, for issue 46's facts of a hop: a chain that ends on
 * Cloudflare's challenge page (`cf-mitigated: challenge`,
 * https://developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response) shows the
 * wall on its hop and the `bot_wall` finding, not `error_status`; a hop's Strict-Transport-Security is shown as a
 * browser reads it. Readable in light and dark, on a desktop and a 375 px phone.
 */
import { describe, expect, it } from 'vitest';
import { expectReadable, type PageOptions, screenshot } from '../helpers/browser.js';
import { useResultPages } from '../helpers/result-page.js';

const pages = useResultPages((req, res) => {
  if (req.url === '/start') {
    // An HSTS header on plain HTTP: shown, and marked as one a browser ignores (RFC 6797 §8.1).
    res.writeHead(301, { location: '/middle', 'strict-transport-security': 'max-age=31536000' }).end();
  } else if (req.url === '/middle') {
    // An invalid one (no max-age, RFC 6797 §6.1.1): shown in the warning colour, which must stay readable.
    res.writeHead(301, { location: '/walled', 'strict-transport-security': 'includeSubDomains' }).end();
  } else {
    res.writeHead(403, { server: 'cloudflare', 'cf-mitigated': 'challenge', 'content-type': 'text/html' });
    res.end('<!DOCTYPE html><title>Just a moment...</title>');
  }
});
const openResult = (options: PageOptions = {}) => pages.openResult('/start', options);

const oneLine = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe("a hop's wall and HSTS on the page", () => {
  it('shows the wall on its hop and the bot_wall finding, not error_status', async () => {
    const page = await openResult();
    const wall = page.locator('#hop-3 .step__wall');
    expect(await wall.getAttribute('data-vendor')).toBe('cloudflare');
    expect(oneLine(await wall.textContent())).toBe(
      'Wall Cloudflare challenge (cf-mitigated: challenge): a bot wall answered, not the page',
    );
    // The verdict says inconclusive, not "ends on an error page".
    expect(oneLine(await page.locator('.verdict').innerText())).toBe(
      'Inconclusive Cloudflare challenge (cf-mitigated: challenge): a bot wall answered, not the page.',
    );
    expect(await page.locator('.verdict').getAttribute('data-level')).toBe('warning');
    const types = await page.locator('.issues .issue').evaluateAll((nodes) => nodes.map((node) => node.dataset.type));
    expect(types).toContain('bot_wall');
    expect(types).not.toContain('error_status');
    expect(await page.locator('#hop-1 .step__hsts').getAttribute('data-counts')).toBe('false');
    expect(await page.locator('#hop-3 .step__wall').count()).toBe(1);
    expect(await page.locator('#hop-2 .step__hsts').getAttribute('class')).toContain('step__hsts--invalid');
    expect(await page.locator('#hop-1 .step__wall').count()).toBe(0);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`reads well on a desktop and a 375 px phone, ${colorScheme}`, async () => {
      const page = await openResult({ colorScheme });
      await expectReadable(page, '.step__wall, .step__hsts');
      await screenshot(page, `wall-hsts-desktop-${colorScheme}`);
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await expectReadable(page, '.step__wall, .step__hsts');
      await screenshot(page, `wall-hsts-375-${colorScheme}`);
    });
  }
});
