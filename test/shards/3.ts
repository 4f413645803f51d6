// One of the processes npm test runs the test files in: see ../run-shard.ts.
import { runShard } from '../run-shard.js';

runShard(import.meta.url);
