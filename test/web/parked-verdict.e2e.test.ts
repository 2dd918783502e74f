/**
 * The web page in Chromium against the real service from source, for issue 46's parked domains: a chain that ends on
 * a parking service's lander (the labelled corpus's `sedo-1`, test/fixtures/parked-domains/parked.json) answers 200,
 * and the verdict says "Parked domain" with the service and signal, not "works". Readable in light and dark, on a
 * desktop and a 375 px phone.
 */
import { describe, expect, it } from 'vitest';
import { expectReadable, screenshot } from '../helpers/browser.js';
import { labelledPage } from '../helpers/parked-pages.js';
import { useResultPages } from '../helpers/result-page.js';

const LANDER = labelledPage('sedo-1');
const pages = useResultPages((req, res) => {
  if (req.url === '/old') res.writeHead(301, { location: '/parked' }).end();
  // The lander's own resources are not served: the page blocks every request off the service's origin anyway.
  else res.writeHead(200, LANDER.headers).end(LANDER.body);
});
const openResult = (options = {}) => pages.openResult('/old', options);

const oneLine = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('a parked domain on the page', () => {
  it('says "Parked domain" with the service and the signal, and lists the finding', async () => {
    const page = await openResult();
    expect(oneLine(await page.locator('.verdict').innerText())).toBe(
      `Parked domain ${pages.origin()}/parked is a parked domain: Sedo's parking page (loads img.sedoparking.com), not the site`,
    );
    expect(await page.locator('.verdict').getAttribute('data-level')).toBe('warning');
    const types = await page.locator('.issues .issue').evaluateAll((nodes) => nodes.map((node) => node.dataset.type));
    expect(types).toContain('parked_domain');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`reads well on a desktop and a 375 px phone, ${colorScheme}`, async () => {
      const page = await openResult({ colorScheme });
      await expectReadable(page, '.verdict, .issues .issue');
      await screenshot(page, `parked-desktop-${colorScheme}`);
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await expectReadable(page, '.verdict, .issues .issue');
      await screenshot(page, `parked-375-${colorScheme}`);
    });
  }
});
