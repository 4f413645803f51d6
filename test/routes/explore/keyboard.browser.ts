import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { explorerInChromiumForSuite } from '../../helpers/explorer-browser.js';

/** What has the keyboard's focus: its tag, its text or name, and whether a focus ring is drawn. */
async function focused(page: Page): Promise<{ tag: string; text: string; href: string | null; ring: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', text: '', href: null, ring: false };
    const style = getComputedStyle(el);
    return {
      tag: el.tagName.toLowerCase(),
      text: (el.textContent ?? '').trim().slice(0, 60) || (el.getAttribute('name') ?? ''),
      href: el.getAttribute('href'),
      ring: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none',
    };
  });
}

/** The elements a keyboard user can reach on the page, in document order. */
const focusableCount = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('a[href], button, input, select, textarea, summary')].filter(
        (el) => (el as HTMLElement).offsetParent !== null || el.tagName === 'SUMMARY',
      ).length,
  );

/**
 * The explorer used with the keyboard alone (WCAG 2.1.1, 2.4.1, 2.4.7): the skip link comes first
 * and lands in the content, every control is reached by Tab with a visible focus ring, the search
 * and the comparison are made with the keys, and the technical detail opens from its summary.
 */
describe('the explorer with the keyboard alone (system Chromium)', () => {
  const explorer = explorerInChromiumForSuite();

  it('skips to the content, then reaches every control of an occupation page with a focus ring', async () => {
    const { page } = explorer;
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${explorer.base}/explore/occupations/6135`, { waitUntil: 'load', timeout: 180_000 });
    await page.keyboard.press('Tab');
    const skip = await focused(page);
    assert.deepEqual([skip.tag, skip.text, skip.href], ['a', 'Skip to content', '#main']);
    assert.ok(skip.ring, 'the skip link shows its focus');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => document.activeElement?.closest('main') !== null);
    assert.ok(first, 'after the skip link, the next stop is inside the content');

    const total = await focusableCount(page);
    const seen: string[] = [];
    const withoutRing: string[] = [];
    for (let i = 0; i < total + 5; i += 1) {
      const now = await focused(page);
      if (now.tag === 'body') break;
      seen.push(`${now.tag} ${now.text}`);
      if (!now.ring) withoutRing.push(`${now.tag} ${now.text}`);
      await page.keyboard.press('Tab');
    }
    assert.deepEqual(withoutRing, [], 'every stop draws a focus ring');
    assert.ok(seen.length >= 20, `only ${seen.length} stops`);
    assert.ok(
      seen.some((s) => s.startsWith('summary About these figures')),
      'the technical detail is reached',
    );
  });

  it('opens the technical detail of a figure from its summary with Enter', async () => {
    const { page } = explorer;
    await page.goto(`${explorer.base}/explore/occupations/6135`, { waitUntil: 'load', timeout: 180_000 });
    await page.focus('#pay summary');
    assert.equal(await page.$eval('#pay details.release', (d) => (d as HTMLDetailsElement).open), false);
    await page.keyboard.press('Enter');
    assert.equal(await page.$eval('#pay details.release', (d) => (d as HTMLDetailsElement).open), true);
    assert.ok(await page.isVisible('#pay details.release p'), 'its release is shown once open');
  });

  it('searches and opens an answer with the keys alone', async () => {
    const { page } = explorer;
    await page.goto(`${explorer.base}/explore`, { waitUntil: 'load', timeout: 180_000 });
    await page.focus('#q');
    await page.keyboard.type('nurse');
    await Promise.all([page.waitForURL(/\/explore\?q=nurse/, { timeout: 180_000 }), page.keyboard.press('Enter')]);
    // Tab from the search box to the first answer, then follow it.
    await page.focus('#q');
    let link = await focused(page);
    for (let i = 0; i < 10 && !(link.href ?? '').startsWith('/explore/occupations/'); i += 1) {
      await page.keyboard.press('Tab');
      link = await focused(page);
    }
    assert.match(link.href ?? '', /^\/explore\/occupations\/\d{4}$/, 'an answer is reached by Tab');
    await Promise.all([
      page.waitForURL(/\/explore\/occupations\/\d{4}$/, { timeout: 180_000 }),
      page.keyboard.press('Enter'),
    ]);
    assert.ok((await page.title()).length > 0);
  });

  it('compares two jobs typed into the comparison form', async () => {
    const { page } = explorer;
    await page.goto(`${explorer.base}/explore/compare`, { waitUntil: 'load', timeout: 180_000 });
    await page.focus('#job-1');
    await page.keyboard.type('nurse');
    await page.keyboard.press('Tab');
    await page.keyboard.type('electrician');
    await Promise.all([page.waitForURL(/\/explore\/compare\?/, { timeout: 180_000 }), page.keyboard.press('Enter')]);
    assert.ok(await page.isVisible('table.compare'), 'the comparison table is shown');
    assert.deepEqual(explorer.consoleErrors, []);
  });
});
