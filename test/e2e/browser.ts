import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM = process.env.ENGRAM_TEST_CHROMIUM ?? '/usr/bin/chromium';
export const ARTIFACTS = resolve(import.meta.dirname, 'artifacts');

/** Debian's Chromium, headless; the network is closed here, so nothing in the background may call out. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: run scripts/chromium-install.sh, or set ENGRAM_TEST_CHROMIUM to a Chromium binary`);
  }
  // launch() gives every browser a fresh temporary user-data dir, removed on close.
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface ConsolePage {
  context: BrowserContext;
  page: Page;
  /** Browser errors: uncaught exceptions, console errors and CSP violations. */
  problems: string[];
}

/** How long one browser action (a click, reading an element's text) waits for its element. */
const ACTION_TIMEOUT_MS = 15_000;

/** A new context (its own storage) and page; phone-sized when asked. */
export async function openConsole(browser: Browser, baseUrl: string, options: { width?: number; height?: number } = {}): Promise<ConsolePage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
  });
  // An element that never comes fails its step with the locator's name, not the whole test at its timeout.
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // A failed request (an API 4xx the test provokes) is logged by the browser too; those are expected.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console: ${message.text()}`);
  });
  await page.goto('/console/');
  return { context, page, problems };
}

export async function signIn(page: Page, key: string): Promise<void> {
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.getByRole('navigation', { name: 'Console pages' }).isVisible()).toBe(true);
}

export async function goTo(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** How far the page is wider than its window, in CSS pixels (0 = nothing overflows sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth') as Promise<number>;
}
