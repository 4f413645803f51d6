#!/usr/bin/env -S node --min-semi-space-size=16
// The flag: src/heap.ts (SERVE_NODE_FLAGS) says why; `npm start` passes the same.
import '../dist/cli/main.js';
