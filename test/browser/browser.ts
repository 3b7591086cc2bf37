import { after, before } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import type { Config } from '@rfid/backend/platform/config';
import { createTestApp, type TestApp } from '@rfid/backend/testing/test-app';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/**
 * The whole server on a real port with a fresh database, and Debian's Chromium driven by Playwright.
 * `overrides` change the server's configuration (`mqttWebSocket: true`: the embedded MQTT broker at /mqtt on the same port).
 */
export interface BrowserSuite {
  t: TestApp;
  /** The app's address. */
  base: string;
  browser: Browser;
}

/**
 * The one way a browser test starts: the application on a free port and Chromium, before the block's
 * tests (then `ready` gets them and sets up what the block shares), both closed after them, after the
 * block's own `teardown` (its simulated readers).
 */
export function browserSuite(options: { config?: Partial<Config>; teardown?: () => unknown }, ready: (suite: BrowserSuite) => void | Promise<void>): void {
  let close: (() => Promise<void>) | undefined;
  before(async () => {
    const started = await startBrowserTest(options.config);
    close = started.close;
    await ready(started);
  });
  after(async () => {
    try {
      await options.teardown?.();
    } finally {
      await close?.();
    }
  });
}

export async function startBrowserTest(overrides: Partial<Config> = {}): Promise<{ t: TestApp; base: string; browser: Browser; close: () => Promise<void> }> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  const t = await createTestApp(overrides);
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.http.address() as { port: number };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  // Every page any test opens is watched for Content-Security-Policy refusals: the built app must need
  // nothing the policy forbids, or a screen would be silently broken in production.
  const cspReports: string[] = [];
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspReports.push(`${message.location().url}: ${message.text()}`);
    });
    return context;
  };
  return {
    t,
    base: `http://127.0.0.1:${port}`,
    browser,
    close: async () => {
      await browser.close();
      await t.close();
      if (cspReports.length) throw new Error(`the browser refused by CSP:\n${cspReports.join('\n')}`);
    },
  };
}

export async function signIn(page: Page, base: string, username: string, password: string, lng = 'en'): Promise<void> {
  await page.goto(`${base}/login?lng=${lng}`);
  await page.fill('#login-username', username);
  await page.fill('#login-password', password);
  await page.click('button[type=submit]');
  await page.waitForSelector('.app-header');
}

/**
 * Opens a header popover (the language or theme picker) and waits until it has finished opening: its
 * menu is first drawn unplaced, then moved into place, and a click whose press and release fall on
 * either side of that move clicks nothing (the theme stayed light, once in a few runs under load).
 */
export async function openPopover(page: Page, opener: string): Promise<void> {
  await page.click(opener);
  await page.waitForSelector('.bp6-popover-transition-container.bp6-popover-enter-done');
}

/**
 * Picks an item of a look-up choice (a searchable select): types the search into the field, waits
 * for the item among the server's answers and picks it with the keyboard, as a user without a mouse would.
 */
export async function chooseLookup(page: Page, field: string, search: string, option: string): Promise<void> {
  await pickLookupOption(page, field, search, option);
  await page.waitForSelector('[role=listbox]', { state: 'detached' });
  try {
    await page.waitForFunction(([f, text]) => (document.querySelector(f!) as HTMLInputElement | null)?.value === text, [field, option], { timeout: 10_000 });
  } catch (err) {
    const shown = await page.inputValue(field).catch(() => 'the field is gone');
    throw new Error(`${field}: chose "${option}" (searched "${search}"), the field shows "${shown}"`, { cause: err });
  }
}

/**
 * Types the search into a look-up's field, then walks down to the item holding `option` and presses
 * Enter: in the list as the search answered it (the list says it is busy until then: the list as it
 * opened may hold the item too), with the item's id read in the same look.
 */
export async function pickLookupOption(page: Page, field: string, search: string, option: string): Promise<void> {
  await page.click(field);
  await page.fill(field, search);
  const id = await page
    .waitForFunction((wanted) => {
      const list = document.querySelector('[role=listbox]');
      if (!list || list.getAttribute('aria-busy') === 'true') return null;
      return Array.from(list.querySelectorAll('[role=option]')).find((o) => o.textContent?.includes(wanted))?.id || null;
    }, option)
    .then((handle) => handle.jsonValue());
  for (let presses = 0; (await page.getAttribute(field, 'aria-activedescendant')) !== id; presses++) {
    if (presses > 100) throw new Error(`${option} is not reached with ArrowDown in ${field}`);
    await page.press(field, 'ArrowDown');
  }
  await page.press(field, 'Enter');
}

/**
 * Everything a page should never show: console warnings and errors, uncaught exceptions, and requests
 * answered 4xx or 5xx (a missing favicon, a Blueprint deprecation warning). Collected from now on.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') problems.push(`${m.type()}: ${m.text()} (${page.url()})`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message} (${page.url()})`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname} (${page.url()})`);
  });
  return problems;
}

/**
 * Waits until every element shows its text (trimmed), all in the same look at the page: figures that
 * arrive in different renders are never read one after the other. Fails naming what each showed last.
 */
export async function waitForTexts(page: Page, expected: Record<string, string>, timeout = 30_000): Promise<void> {
  const shownNow = (wanted: Record<string, string>) => Object.fromEntries(Object.keys(wanted).map((selector) => [selector, document.querySelector(selector)?.textContent?.trim() ?? null]));
  try {
    await page.waitForFunction((wanted) => Object.entries(wanted).every(([selector, text]) => document.querySelector(selector)?.textContent?.trim() === text), expected, { timeout });
  } catch (err) {
    const shown = await page.evaluate(shownNow, expected).catch(() => 'the page is gone');
    throw new Error(`waited ${timeout} ms for ${JSON.stringify(expected)}; shown: ${JSON.stringify(shown)}`, { cause: err });
  }
}

/** Whether two boxes on the page overlap. */
export function overlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Saves the page as test-results/screenshots/{name}.png: the whole page, or (`fullPage: false`) what the window shows. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** A workbook the browser downloaded (a template or an export). */
export async function downloadedWorkbook(download: Download): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await fs.promises.readFile((await download.path())!)) as unknown as ArrayBuffer);
  return workbook;
}
