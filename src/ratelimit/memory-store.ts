import { decide, type RateLimitStore } from './limiter.js';

interface Window {
  count: number;
  endsAt: number;
}

/** In-process counts: right for one replica (the embedded default). */
export function memoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, Window>();
  let lastSweep = now();
  const sweep = (at: number) => {
    // Drop finished windows now and then so the map holds only live keys.
    if (at - lastSweep < 60_000) return;
    lastSweep = at;
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
  };
  return {
    kind: 'memory',
    hit(key, limit, windowSeconds) {
      const at = now();
      sweep(at);
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        window = { count: 0, endsAt: at + windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      return decide(window.count, limit, window.endsAt - at);
    },
    async close() {
      windows.clear();
    },
  };
}
