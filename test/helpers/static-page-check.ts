/**
 * The check every static report page (src/report/static/: coverage, compare) gets in Chromium: at 1280 px light and
 * 375 px dark, the page does not scroll sideways and axe-core finds no WCAG 2.1 A/AA violation; a full-page screenshot
 * of each is written for a person to look at.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SCREENSHOT_DIR } from './browser.js';
import { tempDir } from './cli.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Declares the suite: `title`, the page's HTML (made once), and the screenshots' name (`NAME-1280-light.png`...). */
export function describeStaticPageInChromium(title: string, html: () => string | Promise<string>, name: string): void {
  describe(title, () => {
    let browser: Browser;
    let dir: Awaited<ReturnType<typeof tempDir>>;
    let file: string;

    beforeAll(async () => {
      dir = await tempDir();
      file = join(dir.path, `${name}.html`);
      await writeFile(file, await html());
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      browser = await launchChromium();
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await dir?.remove();
    });

    for (const [width, colorScheme] of [
      [1280, 'light'],
      [375, 'dark'],
    ] as const) {
      it(`fits ${width} px (${colorScheme}) without the page scrolling sideways, with no axe violation`, async () => {
        const page = await browser.newPage({ viewport: { width, height: 800 }, colorScheme });
        await page.goto(pathToFileURL(file).href);
        expect(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
        await page.evaluate(AXE_SOURCE);
        const found: { violations: Array<{ id: string }> } = await page.evaluate(
          `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_21_AA)} } })`,
        );
        expect(found.violations.map((violation) => violation.id)).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}-${colorScheme}.png`), fullPage: true });
        await page.close();
      }, 60_000);
    }
  });
}
