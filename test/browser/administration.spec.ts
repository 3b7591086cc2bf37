import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN_GROUP_ID, P } from '@rfid/contracts';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, type TestApp } from '@rfid/backend/testing/test-app';
import { screenshot, signIn, browserSuite } from './browser.js';

/** The administration screens show a user only what they may do, in both languages. */
describe('administration screens in Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let deskGroupId: string;
  browserSuite({}, async (suite) => {
    ({ t, base, browser } = suite);
    const admin = await t.adminToken();
    // A user administrator: manages users and groups, but holds few permissions itself.
    deskGroupId = (
      await t
        .api(admin)
        .post('/api/user-groups')
        .send({
          name: 'Help desk',
          permissions: [
            P.DASHBOARD,
            P.SYSTEM_ADMINISTRATION_USER_LIST,
            P.SYSTEM_ADMINISTRATION_USER_UPDATE,
            P.SYSTEM_ADMINISTRATION_USER_LOCK,
            P.SYSTEM_ADMINISTRATION_USER_UNLOCK,
            P.SYSTEM_ADMINISTRATION_USER_CHANGE_PASSWORD,
            P.SYSTEM_ADMINISTRATION_USER_GROUP_LIST,
            P.SYSTEM_ADMINISTRATION_USER_GROUP_UPDATE,
            P.SYSTEM_ADMINISTRATION_USER_GROUP_PERMISSION,
          ],
        })
        .expect(201)
    ).body.id;
    await t.api(admin).post('/api/users').send({ username: 'helpdesk', password: 'secret1', fullName: 'Help Desk', groupId: deskGroupId }).expect(201);
    const clerks = (await t.api(admin).post('/api/user-groups').send({ name: 'Clerks', permissions: [P.DASHBOARD] }).expect(201)).body.id;
    await t.api(admin).post('/api/users').send({ username: 'clerk', password: 'secret1', fullName: 'Clerk Lê', groupId: clerks }).expect(201);
  });

  const newPage = async (width = 1440): Promise<Page> => (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  const rowOf = (page: Page, text: string) => page.locator('tr', { hasText: text });

  for (const lng of ['vi', 'en'] as const) {
    it(`a user administrator sees no action on a more powerful user or group, and cannot lock themselves (${lng})`, async () => {
      const page = await newPage();
      await signIn(page, base, 'helpdesk', 'secret1', lng);
      await page.goto(`${base}/system-adminstration/user`);
      await rowOf(page, 'Clerk Lê').waitFor();
      assert.ok((await rowOf(page, 'Clerk Lê').getByRole('button').count()) >= 4, 'view, edit, lock, password on a weaker user');
      assert.equal(await rowOf(page, 'Administrator').getByRole('button').count(), 1, 'only view on an administrator');
      assert.equal(await rowOf(page, 'Help Desk').locator('[data-testid=lock-user]').count(), 0, 'no lock on oneself');
      await screenshot(page, `${lng}-users-restricted`);

      // The form offers only the groups a user may be put into: never Administrators.
      await rowOf(page, 'Clerk Lê').getByRole('button', { name: lng === 'en' ? 'Edit' : 'Sửa' }).click();
      await page.click('.bp6-dialog input[name=groupId]');
      await page.locator('[role=listbox] [role=option]', { hasText: 'Clerks' }).waitFor();
      const choices = (await page.locator('[role=listbox] [role=option]').allTextContents()).map((c) => c.trim());
      assert.ok(choices.includes('Clerks') && choices.includes('Help desk'), `offered: ${choices.join(', ')}`);
      assert.ok(!choices.includes('Administrators'), `offered: ${choices.join(', ')}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      await page.goto(`${base}/system-adminstration/user-group`);
      await rowOf(page, 'Clerks').waitFor();
      assert.equal(await rowOf(page, 'Administrators').getByRole('button').count(), 0, 'Administrators offers nothing');
      assert.equal(await rowOf(page, 'Help desk').locator('[data-testid=lock-group]').count(), 0, 'no lock on its own group');
      assert.equal(await rowOf(page, 'Clerks').locator('[data-testid=lock-group]').count(), 1);
      // The permission tree lets them give only what they hold.
      await rowOf(page, 'Clerks').locator('[data-testid=assign]').click();
      await page.waitForSelector('[data-testid=permission-tree]');
      assert.equal(await page.locator(`[data-testid=permission-tree] input[data-code=${P.SYSTEM_ADMINISTRATION_USER_LIST}]`).isDisabled(), false);
      assert.equal(await page.locator(`[data-testid=permission-tree] input[data-code=${P.MASTER_DATA_SESSION_CREATE}]`).isDisabled(), true);
      await screenshot(page, `${lng}-group-permissions-restricted`);
      await page.context().close();
    });
  }

  it('a group is locked from its row and its member is refused at sign-in; Administrators cannot be', async () => {
    const page = await newPage();
    await signIn(page, base, 'admin', ADMIN_PASSWORD, 'en');
    await page.goto(`${base}/system-adminstration/user-group`);
    await rowOf(page, 'Clerks').locator('[data-testid=lock-group]').click();
    await page.getByRole('button', { name: 'OK' }).click();
    await rowOf(page, 'Clerks').getByText('Locked').waitFor();
    assert.equal(await page.locator(`tr:has-text("Administrators") [data-testid=lock-group]`).count(), 0);
    const refused = await t.api().post('/api/auth/login').send({ username: 'clerk', password: 'secret1' });
    assert.equal(refused.body.code, 'GROUP_LOCKED');
    await screenshot(page, 'en-groups-locked');
    await page.context().close();
    assert.ok(ADMIN_GROUP_ID);
  });

  it('anyone changes their own password from the user menu, giving the current one, and stays signed in', async () => {
    const page = await newPage();
    await signIn(page, base, 'helpdesk', 'secret1', 'vi');
    await page.click('[data-testid=user-menu]');
    await page.click('[data-testid=change-my-password]');
    await page.fill('.bp6-dialog input[name=currentPassword]', 'not-it');
    await page.fill('.bp6-dialog input[name=password]', 'secret9');
    await page.locator('.bp6-dialog button[type=submit]').click();
    await page.getByText('Mật khẩu hiện tại không đúng').first().waitFor();
    await screenshot(page, 'vi-change-my-password');
    await page.fill('.bp6-dialog input[name=currentPassword]', 'secret1');
    await page.locator('.bp6-dialog button[type=submit]').click();
    await page.locator('.bp6-dialog').waitFor({ state: 'detached' });
    await page.reload();
    await page.waitForSelector('.app-header');
    assert.equal(new URL(page.url()).pathname, '/', 'still signed in');
    await t.login('helpdesk', 'secret9');
    await page.context().close();
  });
});
