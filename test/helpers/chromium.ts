import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Where Debian's `chromium` package puts the browser; LMI_CHROMIUM names another. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function chromiumPath(): string | null {
  const given = process.env.LMI_CHROMIUM;
  if (given) return existsSync(given) ? given : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export const INSTALL_HINT = `No Chromium found (looked at ${process.env.LMI_CHROMIUM ?? CANDIDATES.join(', ')}).
The browser tests drive the system Chromium through playwright-core, which downloads no browser of its own. Install it with:

    apt-get update && apt-get install -y chromium        # Debian (as root); .ci/run does this in CI

or set LMI_CHROMIUM to a Chromium or Chrome executable.`;

/**
 * The machine's Chromium, headless, in a new empty profile that is removed on close. The flags
 * keep it from reaching out (background networking, updates, sync, QUIC) on a machine with no
 * network but the loopback, and let it run as root in a container (--no-sandbox).
 */
export async function launchChromium(
  options: { javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error(INSTALL_HINT);
  const profile = mkdtempSync(path.join(tmpdir(), 'lmi-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}
