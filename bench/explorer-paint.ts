/**
 * `npm run bench:explorer-paint`: first contentful paint of each explorer page type in the system
 * Chromium, with the server warm (issue 48's target: an occupation page under 1 s on this
 * machine). The explorer is served from a copy of the SQLite test template; each page is loaded
 * once to warm the server's memos and caches, then BENCH_LOADS times (default 10) in a new
 * browser page each time (no page cache), at the desktop width. Reported per page type: the
 * server's answer (responseEnd of the navigation) and the paint, p50 and max, in milliseconds.
 * BENCH_PAGES=occupation,compare limits the page types.
 */
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { launchChromium } from '../test/helpers/chromium.js';
import { servedFromTemplate } from '../test/helpers/served-app.js';

const PAGES: Record<string, string> = {
  home: '/explore',
  search: '/explore?q=care+worker',
  occupation: '/explore/occupations/6135',
  'occupation 2134': '/explore/occupations/2134',
  compare: '/explore/compare?codes=2237,6135,2134',
  embed: '/embed/compare?codes=2237,6135,2134',
  downloads: '/explore/downloads',
};
const LOADS = Number(process.env.BENCH_LOADS ?? 10);
const only = process.env.BENCH_PAGES?.split(',');

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

const served = await servedFromTemplate('sqlite');
await served.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(served.app.server.address() as AddressInfo).port}`;
const browser = await launchChromium({ javaScriptEnabled: true });
try {
  console.log(`explorer first contentful paint, ${LOADS} warm loads each, load average ${loadavg()[0]!.toFixed(1)}\n`);
  console.log('page                 answer p50   max   paint p50   max   (ms)');
  for (const [name, route] of Object.entries(PAGES)) {
    if (only && !only.some((o) => name.startsWith(o))) continue;
    const answers: number[] = [];
    const paints: number[] = [];
    for (let i = 0; i <= LOADS; i += 1) {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 1366, height: 900 });
      const response = await page.goto(`${base}${route}`, { waitUntil: 'load', timeout: 180_000 });
      if (response?.status() !== 200) throw new Error(`${route}: ${response?.status()}`);
      // The paint entry is queued after the frame is drawn, which may be after `load`: wait for it.
      const timing = await page.evaluate(
        () =>
          new Promise<{ answer: number; paint: number }>((resolve) => {
            const answer = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd;
            new PerformanceObserver((list) => {
              const fcp = list.getEntriesByName('first-contentful-paint')[0];
              if (fcp) resolve({ answer, paint: fcp.startTime });
            }).observe({ type: 'paint', buffered: true });
            setTimeout(() => resolve({ answer, paint: NaN }), 10_000);
          }),
      );
      await page.close();
      if (i === 0) continue; // the warming load
      answers.push(timing.answer);
      paints.push(timing.paint);
    }
    const f = (v: number) => v.toFixed(0).padStart(6);
    console.log(
      `${name.padEnd(20)} ${f(quantile(answers, 0.5))} ${f(Math.max(...answers))}   ${f(quantile(paints, 0.5))} ${f(Math.max(...paints))}`,
    );
  }
  console.log(`\nload average at the end ${loadavg()[0]!.toFixed(1)}`);
} finally {
  await browser.close();
  await served.close();
}
