import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { ADMIN_PASSWORD, type TestApp } from '@rfid/backend/testing/test-app';
import { screenshot, signIn, browserSuite, watchProblems } from './browser.js';

/** What the screens say, in each language, that this test reads. */
const TEXTS = {
  en: { atLeast5: 'At least 5', saved: 'System configuration saved', changedBy: 'Changed by Administrator at', rights: 'All rights reserved', unsaved: 'Some changes are not saved' },
  vi: { atLeast5: 'Tối thiểu 5', saved: 'Đã lưu cấu hình hệ thống', changedBy: 'Administrator đã thay đổi lúc', rights: 'Bảo lưu mọi quyền', unsaved: 'Có thay đổi chưa được lưu' },
} as const;

/**
 * The system configuration in Chromium, in both languages: a value outside its bounds is said under
 * its field and cannot be saved; the back button asks before it loses a change; the product name and the default page size are changed and saved,
 * and another open page (the sample list) follows without a reload: its title, the footer and the
 * menu's brand name the product anew, and its list asks for pages of the new size. Screenshots of the
 * screen after the change, of a refused value and of the page that followed.
 */
describe('system configuration in Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  browserSuite({}, async (suite) => {
    ({ t, base, browser } = suite);
  });

  for (const [lng, productName, pageSize] of [
    ['en', 'ACME Sample Room', '20'],
    ['vi', 'Kho mẫu Đà Lạt', '30'],
  ] as const) {
    it(`a new product name and page size reach an open page without reload (${lng})`, async () => {
      const text = TEXTS[lng];
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const watcher = await context.newPage();
      const problems = watchProblems(watcher);
      await signIn(watcher, base, 'admin', ADMIN_PASSWORD, lng);
      await watcher.goto(`${base}/sample-management/sample-list`);
      await watcher.waitForSelector('main h1');
      await watcher.waitForSelector('main .list-table, main .list-empty');
      assert.ok(!(await watcher.title()).endsWith(productName));

      const editor = await context.newPage();
      problems.push(...watchProblems(editor));
      // reached from the menu, so that the browser's back button has a page of the app to go back to
      await editor.goto(`${base}/`);
      await editor.click('.app-sidebar a[href="/system-adminstration/system-configuration"]');
      await editor.waitForSelector('#setting-productName');

      // a value below its bounds: said under the field, and Save stays off
      await editor.fill('#setting-readerHeartbeatTimeoutSeconds', '4');
      await editor.waitForSelector(`#setting-readerHeartbeatTimeoutSeconds-rule:has-text("${text.atLeast5}")`);
      assert.equal(await editor.isDisabled('button[type=submit]'), true);
      await screenshot(editor, `system-configuration-invalid-${lng}`, { fullPage: false });
      // the back button with changes not saved asks first; Escape stays, with the change
      await editor.goBack({ waitUntil: 'commit' });
      await editor.waitForSelector(`.bp6-dialog:has-text("${text.unsaved}")`);
      await editor.keyboard.press('Escape');
      await editor.waitForSelector('.bp6-dialog', { state: 'detached' });
      assert.equal(new URL(editor.url()).pathname, '/system-adminstration/system-configuration');
      assert.equal(await editor.inputValue('#setting-readerHeartbeatTimeoutSeconds'), '4');
      await editor.click('button:has(.bp6-icon-undo)');
      await editor.waitForFunction(() => (document.querySelector('#setting-readerHeartbeatTimeoutSeconds') as HTMLInputElement).value === '30');

      await editor.fill('#setting-productName', productName);
      await editor.selectOption('#setting-defaultPageSize', pageSize);
      // the open list asks for the new size once the setting reaches it
      const listAsked = watcher.waitForRequest((r) => r.url().includes('/api/samples?') && new URL(r.url()).searchParams.get('size') === pageSize);
      await editor.click('button[type=submit]');
      await editor.waitForSelector(`.bp6-toast:has-text("${text.saved}")`);
      await editor.waitForSelector(`[data-testid=setting-productName-meta]:has-text("${text.changedBy}")`);

      // the other page, not reloaded: title, footer and brand
      await watcher.waitForFunction((name) => document.title.endsWith(` | ${name}`), productName);
      const footer = (await watcher.locator('[data-testid=footer]').textContent())!;
      assert.equal(footer.trim(), `© ${new Date().getFullYear()} ${productName}. ${text.rights}`);
      assert.equal((await watcher.locator('.app-brand').textContent())!.trim(), productName);
      await listAsked;
      assert.ok((await editor.title()).endsWith(` | ${productName}`));

      await screenshot(editor, `system-configuration-${lng}`);
      await screenshot(watcher, `system-configuration-applied-${lng}`, { fullPage: false });
      const saved = (await t.api(await t.adminToken()).get('/api/system-settings').expect(200)).body;
      assert.deepEqual([saved.values.productName, saved.values.defaultPageSize, saved.values.readerHeartbeatTimeoutSeconds], [productName, Number(pageSize), 30]);
      // the sign-in page names the product too, before anyone signs in
      const visitor = await browser.newPage();
      await visitor.goto(`${base}/login`);
      await visitor.waitForFunction((name) => document.title.endsWith(` | ${name}`) && document.querySelector('h1')?.textContent === name, productName);
      await visitor.close();
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
