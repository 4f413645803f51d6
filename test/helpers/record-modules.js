// `node --import ./test/helpers/record-modules.js ...` appends the URL of every module the process
// loads through the ESM loader (its CommonJS packages included) to the file LMI_RECORD_MODULES names.
// The same file is the entry (on the main thread) and the loader hooks (on the hooks thread).
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

let recordTo = null;

export function initialize(data) {
  recordTo = data.recordTo;
}

export async function load(url, context, nextLoad) {
  appendFileSync(recordTo, `${url}\n`);
  return nextLoad(url, context);
}

if (isMainThread && process.env.LMI_RECORD_MODULES)
  register(import.meta.url, { data: { recordTo: process.env.LMI_RECORD_MODULES } });
