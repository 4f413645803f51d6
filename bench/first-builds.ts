/**
 * `npx tsx bench/first-builds.ts`: each memo of the warm list built for the first time, in the order
 * `lmi serve` builds them, on a copy of the SQLite test template (`npx tsx test/build-templates.ts`
 * first), with how long the event loop went without running a 5 ms timer meanwhile: what a request
 * arriving during the build would have waited (src/queries/off-thread.ts moves the slowest builds
 * off the serving thread).
 */
import { createServices } from '../src/services.js';
import { testConfig } from '../test/helpers/served-app.js';
import { copyTemplate } from '../test/helpers/template-databases.js';

const store = await copyTemplate('sqlite');
try {
  const services = createServices(testConfig(store.dataDir), store);
  let last = performance.now();
  let stall = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 5);
  let started = performance.now();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  await settle();
  [last, stall, started] = [performance.now(), 0, performance.now()];
  const rows: Array<{ memo: string; ms: number; longestStallMs: number; built: boolean }> = [];
  await services.currentEditions.memos.warm((memo, ms, error) => {
    // The build may have held the loop until now, with no tick since to measure it.
    const now = performance.now();
    rows.push({ memo, ms: Math.round(ms), longestStallMs: Math.round(Math.max(stall, now - last)), built: !error });
    [last, stall] = [now, 0];
  });
  clearInterval(ticker);
  console.table(rows);
  console.log(`all: ${Math.round(performance.now() - started)} ms`);
} finally {
  await store.dispose();
}
