import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { explorerInChromiumForSuite } from '../../helpers/explorer-browser.js';

/**
 * Every page type of the explorer and the widget, as a person sees them at a phone's width and a
 * desktop's: each is screenshotted (test-results/explorer/, git-ignored; the paths are in the
 * output), and fails on an accessibility violation (axe-core, WCAG 2.2 AA), an element wider than
 * its box, a same-origin link that does not answer 2xx, or a console error.
 */
const SCREENSHOTS = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'test-results',
  'explorer',
);
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const PAGES = [
  ['home', '/explore'],
  ['search', '/explore?q=care+worker'],
  ['occupation', '/explore/occupations/6135'],
  ['compare', '/explore/compare?codes=2237,6135,2134'],
  ['embed', '/embed/compare?codes=2237,6135,2134'],
  ['embed-instructions', '/explore/embed'],
  ['downloads', '/explore/downloads'],
  ['method', '/docs/methods/vacancies.md'],
] as const;

interface AxeResult {
  violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
}

describe('every page type of the explorer at phone and desktop widths (system Chromium)', () => {
  const explorer = explorerInChromiumForSuite({ javaScriptEnabled: true });
  const checked = new Map<string, number>();
  let client = 0;

  /** A same-origin link's status, each asked once, each from its own client address (the explorer's limit is per client). */
  async function statusOf(href: string): Promise<number> {
    const url = new URL(href);
    const key = url.pathname + url.search;
    if (!checked.has(key)) {
      client += 1;
      const response = await explorer.served.app.inject({
        url: key,
        headers: { accept: 'text/html' },
        remoteAddress: `10.48.${Math.floor(client / 250)}.${(client % 250) + 1}`,
      });
      checked.set(key, response.statusCode);
    }
    return checked.get(key)!;
  }

  for (const [name, route] of PAGES)
    it(`${name} (${route}): no axe violation, no overflow, no broken link, no console error`, async (t) => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      const { page } = explorer;
      for (const size of WIDTHS) {
        await page.setViewportSize({ width: size.width, height: size.height });
        const started = Date.now();
        const response = await page.goto(`${explorer.base}${route}`, { waitUntil: 'load', timeout: 180_000 });
        const loaded = Date.now() - started;
        assert.equal(response?.status(), 200, route);
        const file = path.join(SCREENSHOTS, `${name}-${size.name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        t.diagnostic(`${size.name} ${size.width}x${size.height}: ${file} (loaded in ${loaded} ms)`);

        const overflowing = await page.evaluate(() => {
          const doc = document.documentElement;
          const wide: string[] =
            doc.scrollWidth > doc.clientWidth ? [`document ${doc.scrollWidth} > ${doc.clientWidth}`] : [];
          for (const el of document.querySelectorAll('body *')) {
            if (!(el instanceof HTMLElement) || el.closest('.table-scroll, pre')) continue;
            const style = getComputedStyle(el);
            if (style.overflowX !== 'visible' || style.display === 'inline') continue;
            if (el.scrollWidth > el.clientWidth + 1)
              wide.push(`${el.tagName.toLowerCase()}.${el.className} ${el.scrollWidth} > ${el.clientWidth}`);
          }
          return wide;
        });
        assert.deepEqual(overflowing, [], `${route} at ${size.name}: elements wider than their box`);

        await page.evaluate(AXE);
        const axe = (await page.evaluate(() =>
          (window as unknown as { axe: { run(o: object): Promise<unknown> } }).axe.run({
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
          }),
        )) as AxeResult;
        const violations = axe.violations.map(
          (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
        assert.deepEqual(violations, [], `${route} at ${size.name}: accessibility violations`);
      }

      const links = await page.$$eval('a[href]', (anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
      const own = [...new Set(links.filter((h) => h.startsWith(explorer.base)).map((h) => h.split('#')[0]!))];
      // Whole release files are generated per download: two of them stand for the rest.
      const files = own.filter((h) => /\/explore\/downloads\/.+\./.test(h));
      const broken: string[] = [];
      for (const href of [...own.filter((h) => !files.includes(h)), ...files.slice(0, 2)]) {
        const status = await statusOf(href);
        if (status < 200 || status > 299) broken.push(`${href}: ${status}`);
      }
      assert.deepEqual(broken, [], `${route}: broken same-origin links`);
      assert.deepEqual(explorer.consoleErrors, [], `${route}: console errors`);
    });
});
