import { after, before } from 'node:test';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { servedFromTemplate, type ServedApp } from './served-app.js';

interface BrowsedExplorer {
  readonly served: ServedApp;
  readonly page: Page;
  /** The listening server's address, e.g. http://127.0.0.1:1234. */
  readonly base: string;
  /** Console errors, page errors and failed requests seen so far: a page should have none. */
  readonly consoleErrors: string[];
}

/**
 * The explorer served from a copy of the template and a page of the system Chromium with scripts
 * off (the pages need none), for the tests of the enclosing suite: set up before them, closed
 * after. `javaScriptEnabled` lets a suite run a checker (axe-core) in the page; the pages' CSP
 * still runs none of theirs.
 */
export function explorerInChromiumForSuite(options: { javaScriptEnabled?: boolean } = {}): BrowsedExplorer {
  let served: ServedApp | undefined;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let page: Page | undefined;
  let base = '';
  const consoleErrors: string[] = [];
  before(async () => {
    served = await servedFromTemplate('sqlite');
    await served.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(served.app.server.address() as AddressInfo).port}`;
    browser = await launchChromium({ javaScriptEnabled: options.javaScriptEnabled ?? false });
    page = await browser.context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    page.on('requestfailed', (request) => consoleErrors.push(`request failed: ${request.url()}`));
  });
  after(async () => {
    await browser?.close();
    await served?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('used outside the tests of the suite that set it up');
    return value;
  };
  return {
    get served() {
      return ready(served);
    },
    get page() {
      return ready(page);
    },
    get base() {
      return base;
    },
    consoleErrors,
  };
}
