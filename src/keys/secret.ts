import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * The server secret that keys e-mail HMACs: LMI_SECRET when set; otherwise one generated on first
 * use and kept (mode 0600) in the data folder, so the embedded default needs no set-up. Replicas
 * sharing a database must share LMI_SECRET.
 */
export function resolveSecret(config: Config): string {
  if (config.secret) return config.secret;
  const file = path.join(config.dataDir, 'secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
