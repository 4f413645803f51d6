/** `npm run bench`: every benchmark in turn (search accuracy and latency, then HTTP). */
import { spawnSync } from 'node:child_process';

for (const bench of ['bench/search.ts', 'bench/http.ts']) {
  console.log(`\n=== ${bench}\n`);
  const { status } = spawnSync(process.execPath, ['--import', 'tsx', bench], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
