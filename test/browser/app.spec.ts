import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { MASTER_DATA_CATALOGUES } from '@rfid/contracts';
import { ADMIN_PASSWORD, type TestApp } from '@rfid/backend/testing/test-app';
import { createCatalogues, sampleBody } from '../api/sample-fixtures.js';
import { chooseLookup, openPopover, overlap, screenshot, signIn, browserSuite, waitForTexts, watchProblems } from './browser.js';

describe('the web app in Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let clerkGroupId: string;
  let sampleId: string;
  browserSuite({}, async (suite) => {
    ({ t, base, browser } = suite);
    const admin = await t.adminToken();
    sampleId = (await t.api(admin).post('/api/samples').send(sampleBody(await createCatalogues(t, admin))).expect(201)).body.id;
    clerkGroupId = (await t.api(admin).post('/api/user-groups').send({ name: 'Clerks', permissions: ['DASHBOARD', 'LOG_MANAGEMENT_SYSTEM_LOG_LIST'] })).body.id;
    await t.api(admin).post('/api/users').send({ username: 'clerk', password: 'secret1', fullName: 'Clerk Lê', groupId: clerkGroupId }).expect(201);
  });

  const newPage = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    return context.newPage();
  };

  it('sign-in: validation messages, a wrong password is refused with its message, the right one opens the dashboard', async () => {
    const page = await newPage();
    await page.goto(`${base}/system-adminstration/user?lng=en`);
    await page.waitForURL(/\/login\?next=/);
    await screenshot(page, 'en-login');
    await page.click('button[type=submit]');
    assert.equal(await page.locator('.bp6-form-helper-text').first().textContent(), 'This information is required');
    await page.fill('#login-username', 'admin');
    await page.fill('#login-password', 'wrong-password');
    await page.click('button[type=submit]');
    await page.waitForSelector('[role=alert]');
    assert.equal((await page.locator('[role=alert]').textContent())?.trim(), 'Check account information');
    await page.fill('#login-password', ADMIN_PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/system-adminstration\/user(\?|$)/);
    await page.waitForSelector('h1:has-text("Users")');
    await page.waitForFunction(() => document.title !== 'Sign in | RFID Back-office');
    assert.equal(await page.title(), 'Users | RFID Back-office', 'back to the page first asked for, titled "{title} | {product}"');
    await page.context().close();
  });

  it('a user whose group has few permissions sees only those entries and gets the not-found page elsewhere', async () => {
    const page = await newPage();
    await signIn(page, base, 'clerk', 'secret1');
    const entries = await page.locator('.app-sidebar a').allTextContents();
    assert.deepEqual(entries.map((s) => s.trim()), ['Dashboard', 'System logs']);
    assert.equal(await page.locator('.app-sidebar-group-title', { hasText: 'System administration' }).count(), 0, 'the group is hidden');
    await page.goto(`${base}/system-adminstration/user`);
    await page.waitForSelector('[data-testid=not-found]');
    assert.equal(await page.locator('.app-header').count(), 0, 'blank layout');
    await page.goto(`${base}/no/such/page`);
    await page.waitForSelector('[data-testid=not-found]');
    await page.context().close();
  });

  it('a 401 from the API (the session ended elsewhere) returns to /login', async () => {
    const page = await newPage();
    await signIn(page, base, 'clerk', 'secret1');
    await page.click('.app-sidebar a:has-text("System logs")');
    await page.waitForSelector('main .list-table, main .list-empty');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('rfid.session')!).token as string);
    await t.api(token).post('/api/auth/logout').expect(204);
    // the page's next call is refused (the search typed, or the bell's poll if it comes first): back to
    // /login, remembering the page the user was on
    await page.fill('input[name=q]', 'admin');
    await page.waitForURL(/\/login\?next=%2Flog-management%2Fsystem-log/);
    assert.equal(await page.evaluate(() => localStorage.getItem('rfid.session')), null, 'the session was cleared');
    await page.context().close();
  });

  it('language switch reloads in the chosen language; dark theme sets the dark class', async () => {
    const page = await newPage();
    await signIn(page, base, 'admin', ADMIN_PASSWORD, 'en');
    assert.match((await page.locator('h1').textContent()) ?? '', /^Hello, Administrator/);
    await openPopover(page, '[data-testid=language-picker]');
    await Promise.all([page.waitForEvent('load'), page.click('.language-grid button:has-text("Tiếng Việt")')]);
    await page.waitForSelector('h1:has-text("Xin chào")');
    assert.equal(await page.locator('.app-footer').textContent().then((s) => s?.includes('Bảo lưu mọi quyền')), true);
    await openPopover(page, '[data-testid=theme-picker]');
    await page.click('.bp6-menu-item:has-text("Tối")');
    // the class is set once the choice has rendered, after the click returns
    await page.waitForSelector('body.dark', { state: 'attached' });
    await page.reload();
    await page.waitForSelector('h1');
    await page.waitForSelector('body.dark', { state: 'attached', timeout: 5000 }); // the theme is kept in browser storage
    await page.context().close();
  });

  it('a first visit is in Vietnamese whatever the language of the browser, and the language picker shows the language in use', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.waitForSelector('button[type=submit]:has-text("Đăng nhập")');
    // the sign-in page has the picker too: to English and back, before signing in
    await openPopover(page, '[data-testid=language-picker]');
    await Promise.all([page.waitForEvent('load'), page.click('.language-grid button:has-text("English")')]);
    await page.waitForSelector('button[type=submit]:has-text("Sign in")');
    await screenshot(page, 'en-login-language');
    await openPopover(page, '[data-testid=language-picker]');
    await Promise.all([page.waitForEvent('load'), page.click('.language-grid button:has-text("Tiếng Việt")')]);
    await page.waitForSelector('button[type=submit]:has-text("Đăng nhập")');
    await page.fill('#login-username', 'admin');
    await page.fill('#login-password', ADMIN_PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForSelector('h1:has-text("Xin chào")');
    assert.equal(await page.getAttribute('[data-testid=language-picker] svg', 'data-flag'), 'vi');
    await openPopover(page, '[data-testid=language-picker]');
    await Promise.all([page.waitForEvent('load'), page.click('.language-grid button:has-text("English")')]);
    await page.waitForSelector('h1:has-text("Hello")');
    assert.equal(await page.getAttribute('[data-testid=language-picker] svg', 'data-flag'), 'en');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await context.close();
  });

  it('create a user and find it in the list; the list state survives reload and the back button', async () => {
    const page = await newPage();
    await signIn(page, base, 'admin', ADMIN_PASSWORD);
    await page.goto(`${base}/system-adminstration/user`);
    await page.click('[data-testid=add]');
    await page.fill('#field-username', 'ab');
    await page.fill('#field-fullName', 'x'.repeat(31));
    await page.click('[data-testid=form-dialog] button[type=submit]');
    await page.waitForSelector('[data-testid=form-dialog] .bp6-form-helper-text'); // the form is checked before it is sent
    const helpers = await page.locator('[data-testid=form-dialog] .bp6-form-helper-text').allTextContents();
    assert.ok(helpers.includes('You entered more than 30 characters. Please re-enter!'), helpers.join(' | '));
    assert.ok(helpers.includes('4 to 25 letters, digits and . _ @ -'), 'the username rule, said whole');
    assert.ok(helpers.includes('This information is required'));
    await page.fill('#field-username', 'nguyen.an');
    await page.fill('#field-password', 'secret9');
    await page.fill('#field-fullName', 'Nguyễn Văn An');
    await chooseLookup(page, '#field-groupId', 'Cler', 'Clerks');
    await page.click('[data-testid=form-dialog] button[type=submit]');
    await page.waitForSelector('td:has-text("nguyen.an")');
    // (once it has slid in: toasts enter from above)
    const toast = await page.waitForSelector('.bp6-toast-enter-done:has-text("Saved")');
    const [toastBox, header] = [await toast.boundingBox(), await page.locator('.app-header').boundingBox()];
    assert.ok(!overlap(toastBox!, header!), `the toast shows under the header, not over the bell and the user menu: ${JSON.stringify({ toastBox, header })}`);
    await page.fill('input[name=q]', 'Nguyễn');
    await page.waitForURL(/q=Nguy/);
    await page.waitForFunction(() => document.querySelectorAll('.list-table tbody tr').length === 1);
    await page.click('th button:has-text("Full name")');
    await page.waitForURL(/sort=fullName%3Aasc/);
    await page.reload();
    await page.waitForSelector('td:has-text("nguyen.an")');
    assert.equal(await page.inputValue('input[name=q]'), 'Nguyễn', 'the filter survived the reload');
    assert.equal(await page.locator('th[aria-sort=ascending]').textContent().then((s) => s?.startsWith('Full name')), true, 'and the sort');
    await page.goBack();
    await page.waitForURL((u) => !u.search.includes('sort='));
    await page.context().close();
  });

  it('the bell: count, a push arriving without reload, opening marks it read', async () => {
    const page = await newPage();
    // Once signed in, the bell asks for its count and the tab opens its push channel: socket.io's
    // CONNECT answer ("40…") means the server has let it in and it hears pushes from then on.
    const unreadAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user-notifications/un-read');
    const pushChannelOpen = page.waitForEvent('websocket').then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40') }));
    await signIn(page, base, 'clerk', 'secret1');
    assert.deepEqual(await (await unreadAnswer).json(), { total: 0 });
    await pushChannelOpen;
    assert.equal(await page.locator('[data-testid=bell-badge]').count(), 0, 'nothing unread yet');
    // An administrator changes the clerk's group permissions: the clerk is told at once.
    const admin = await t.adminToken();
    await t.api(admin).put(`/api/user-groups/${clerkGroupId}/permissions`).send({ permissions: ['DASHBOARD', 'LOG_MANAGEMENT_SYSTEM_LOG_LIST', 'LOG_MANAGEMENT_SYSTEM_LOG_DETAIL'] }).expect(200);
    await waitForTexts(page, { '[data-testid=bell-badge]': '1' });
    const [bell, badge] = [await page.locator('[data-testid=bell]').boundingBox(), await page.locator('[data-testid=bell-badge]').boundingBox()];
    assert.ok(overlap(bell!, badge!), `the badge sits on the bell: ${JSON.stringify({ bell, badge })}`);
    await page.click('[data-testid=bell]');
    await page.waitForSelector('[data-testid=bell-item]');
    assert.equal(await page.locator('[data-testid=bell-item] .unread-dot').count(), 1);
    await page.click('[data-testid=bell-item]');
    await page.waitForSelector('[data-testid=notification-content]');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[data-testid=bell-badge]'));
    await page.context().close();
  });

  it('every page in both languages (1440 and 800 px wide): screenshots, and no console warning or failed request anywhere', async () => {
    for (const [lng, width] of [
      ['vi', 1440],
      ['en', 800],
    ] as const) {
      const page = await browser.newContext({ viewport: { width, height: 900 } }).then((c) => c.newPage());
      const problems = watchProblems(page);
      await signIn(page, base, 'admin', ADMIN_PASSWORD, lng);
      for (const [name, path] of [
        ['dashboard', '/'],
        ['users', '/system-adminstration/user'],
        ['user-groups', '/system-adminstration/user-group'],
        ['system-log', '/log-management/system-log'],
        ['gate-configuration-empty', '/security-gate/configuration'],
        ['integration-log-empty', '/log-management/integration-log'],
        ['notifications', '/notifications'],
        ['sample-list', '/sample-management/sample-list'],
        ['sample', `/sample-management/sample-list/${sampleId}`],
        ['rfid-tags', '/sample-management/rfid-list'],
        ['link', '/sample-management/link'],
        ['unlink', '/sample-management/unlink'],
        ['linking-report', '/report/linking-report'],
        ['unlink-report', '/report/unlink-report'],
        ...MASTER_DATA_CATALOGUES.map((c) => [`master-data-${c.key}`, c.path] as const),
        ['not-found', '/nope'],
      ] as const) {
        await page.goto(`${base}${path}`);
        await page.waitForLoadState('networkidle');
        await screenshot(page, `${lng}-${name}`);
      }
      // Free texts (a reason, a description) are typed in the page's font: Chromium's monospace default
      // for a textarea draws Vietnamese accents apart from their letters.
      const fontOf = async (selector: string) => {
        await page.waitForSelector(selector);
        return page.evaluate((s) => getComputedStyle(document.querySelector(s)!).fontFamily, selector);
      };
      const pageFont = await fontOf('body');
      await page.goto(`${base}/sample-management/unlink`);
      assert.equal(await fontOf('#unlink-reason'), pageFont, 'the reason of an unlink');
      await page.goto(`${base}/master-data/season-no`);
      await page.click('[data-testid=add]');
      await page.fill('#field-description', 'Mô tả có dấu: ượng ỹ ố ạ ệ');
      assert.equal(await fontOf('#field-description'), pageFont, 'the description of a season');
      await screenshot(page, `${lng}-description-font`);
      await page.goto(`${base}/system-adminstration/user-group`);
      await page.click('[data-testid=assign] >> nth=0');
      await page.waitForSelector('[data-testid=permission-tree]');
      await screenshot(page, `${lng}-permissions`);
      await page.goto(`${base}/system-adminstration/user`);
      await page.click('[data-testid=add]');
      await page.click('[data-testid=form-dialog] button[type=submit]');
      await screenshot(page, `${lng}-user-form-errors`);
      await page.keyboard.press('Escape');
      await page.click('[data-testid=bell]');
      await page.waitForSelector('[data-testid=bell-panel]');
      await screenshot(page, `${lng}-bell`);
      await page.keyboard.press('Escape');
      await page.evaluate(() => localStorage.setItem('rfid.settings', JSON.stringify({ theme: 'dark' })));
      await page.reload();
      await page.waitForSelector('.list-table');
      await screenshot(page, `${lng}-users-dark`);
      await page.setViewportSize({ width: 420, height: 820 });
      await page.goto(`${base}/`);
      await page.waitForSelector('h1');
      assert.equal(await page.locator('.app-shell.sidebar-open').count(), 0, 'below 1024 px the sidebar starts closed');
      await screenshot(page, `${lng}-narrow`);
      await page.context().close();
      assert.deepEqual(problems, [], `${lng}: the console and the network stayed clean`);
    }
  });
});
