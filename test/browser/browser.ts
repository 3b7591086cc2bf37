import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { createTestApp, type TestApp } from '@rfid/backend/testing/test-app';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/** The whole server on a real port with a fresh database, and Debian's Chromium driven by Playwright. */
export async function startBrowserTest(): Promise<{ t: TestApp; base: string; browser: Browser; close: () => Promise<void> }> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  const t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.http.address() as { port: number };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  return {
    t,
    base: `http://127.0.0.1:${port}`,
    browser,
    close: async () => {
      await browser.close();
      await t.close();
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

/** Whether two boxes on the page overlap. */
export function overlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** A workbook the browser downloaded (a template or an export). */
export async function downloadedWorkbook(download: Download): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await fs.promises.readFile((await download.path())!)) as unknown as ArrayBuffer);
  return workbook;
}
