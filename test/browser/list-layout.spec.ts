import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, type TestApp } from '@rfid/backend/testing/test-app';
import { P } from '@rfid/contracts';
import { createCatalogues, sampleBody, type Catalogues } from '../api/sample-fixtures.js';
import { screenshot, signIn, browserSuite } from './browser.js';

const SAMPLES = 60;

/** Where an element is on the screen. */
const box = async (page: Page, selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  assert.ok(b, `${selector} is rendered`);
  return b;
};

/** The element is wholly inside the window (not scrolled away, not cut). */
async function assertInView(page: Page, selector: string, what: string): Promise<void> {
  const b = await box(page, selector);
  const { width, height } = page.viewportSize()!;
  assert.ok(b.x >= 0 && b.x + b.width <= width + 1 && b.y >= 0 && b.y + b.height <= height + 1, `${what} in view at ${width}×${height}: ${JSON.stringify(b)}`);
}

/** The sample list at the widths the back-office is used at: its key columns, its actions and its pager stay in view. */
describe('the sample list at 1440 and 1024 px', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let c: Catalogues;
  browserSuite({}, async (suite) => {
    ({ t, base, browser } = suite);
    const admin = await t.adminToken();
    c = await createCatalogues(t, admin);
    const tags = Array.from({ length: SAMPLES }, (_, i) => `E28068940000501234${String(i).padStart(6, '0')}`);
    await t.api(admin).post('/api/rfid-tags').send({ codes: tags }).expect(201);
    for (let i = 0; i < SAMPLES; i++) {
      // long names, as real ones are: the columns must not grow with them
      const body = sampleBody(c, { sampleCode: `LAYOUT-${String(i).padStart(3, '0')}`, name: `Giày chạy bộ nữ siêu nhẹ đế cao su mẫu số ${i}`, color: 'Xanh dương đậm' }, (i % 2) as 0 | 1);
      const sample = (await t.api(admin).post('/api/samples').send(body).expect(201)).body;
      if (i % 3 !== 0) await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: tags[i], sampleId: sample.id }).expect(200);
    }
    const groupId = (await t.api(admin).post('/api/user-groups').send({ name: 'Sample viewers', permissions: [P.SAMPLE_MANAGEMENT_SAMPLE_LIST, P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL] }).expect(201)).body.id;
    await t.api(admin).post('/api/users').send({ username: 'viewer', password: 'secret1', fullName: 'Viewer', groupId }).expect(201);
  });

  for (const width of [1440, 1024]) {
    for (const lng of ['en', 'vi'] as const) {
      it(`${width} px (${lng}): the code, tag and action columns and the pager are in view, also with 50 rows and the table scrolled sideways`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        await signIn(page, base, 'admin', ADMIN_PASSWORD, lng);
        await page.goto(`${base}/sample-management/sample-list?size=50`);
        await page.waitForSelector('.list-table tbody tr:nth-child(50)');
        for (const [selector, what] of [
          ['th[data-column=sampleCode]', 'the code column'],
          ['th[data-column=currentTagCode]', 'the tag column'],
          ['.list-table tbody tr:first-child td.pinned-end', "the first row's actions"],
          ['.pager', 'the pager'],
        ]) {
          await assertInView(page, selector!, what!);
        }
        await screenshot(page, `${lng}-sample-list-${width}`, { fullPage: false });
        // scrolled down to the last row and fully sideways: the key columns, the actions and the pager stay
        await page.locator('[data-testid=table-scroll]').evaluate((el) => el.scrollTo(el.scrollWidth, el.scrollHeight));
        await assertInView(page, '.list-table tbody tr:nth-child(50) td.pinned-end', "the last row's actions");
        await assertInView(page, '.list-table tbody tr:nth-child(50) td.pinned', "the last row's code");
        await assertInView(page, 'th[data-column=currentTagCode]', 'the tag column, the table scrolled');
        await assertInView(page, '.pager', 'the pager, the table scrolled');
        await context.close();
      });
    }
  }

  it('the filters in use stay in one row; the less used fold away under "More filters", which counts those in use', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, base, 'admin', ADMIN_PASSWORD, 'en');
    await page.goto(`${base}/sample-management/sample-list?stageId=${c.active.stages[1]}&sizeId=${c.active.sizes[1]}`);
    await page.waitForSelector('.list-table tbody tr');
    const filterTops = await page.locator('.filter-bar > .filter').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    assert.equal(new Set(filterTops).size, 1, `the main filters are one row: ${filterTops.join(', ')}`);
    assert.equal((await page.textContent('[data-testid=more-filters]'))?.trim(), 'More filters2');
    await page.click('[data-testid=more-filters]');
    // the chosen items show by name, read by id (each field its own request): the URL is all the page had
    await page.waitForFunction(
      ([size, stage]) =>
        (document.querySelector('input[name=sizeId]') as HTMLInputElement | null)?.value === size &&
        (document.querySelector('input[name=stageId]') as HTMLInputElement | null)?.value === stage,
      ['Cỡ 42 (siz-2)', 'Sản xuất (sta-2)'],
    );
    const widthBefore = (await box(page, '.filter:has(input[name=customerId])')).width;
    await page.click('input[name=customerId]');
    await page.click('[role=option]:has-text("Công ty Á Đông")');
    await page.waitForURL(/customerId=/);
    assert.equal((await box(page, '.filter:has(input[name=customerId])')).width, widthBefore, 'a chosen value does not widen its filter');
    await context.close();
  });

  it('the column chooser shows and hides columns, remembered for each user in this browser', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const headers = () => page.locator('.list-table thead th').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column')).filter(Boolean));
    await signIn(page, base, 'admin', ADMIN_PASSWORD, 'en');
    await page.goto(`${base}/sample-management/sample-list`);
    await page.waitForSelector('.list-table tbody tr');
    assert.deepEqual(await headers(), ['sampleCode', 'currentTagCode', 'name', 'customerName', 'usageCount', 'updatedAt']);
    await page.click('[data-testid=column-chooser]');
    assert.equal(await page.isDisabled('input[name=column-currentTagCode]'), true, 'a key column always shows');
    await page.click('label:has(input[name=column-modelName])');
    await page.click('label:has(input[name=column-usageCount])');
    assert.deepEqual(await headers(), ['sampleCode', 'currentTagCode', 'name', 'modelName', 'customerName', 'updatedAt'], 'at once');
    await page.keyboard.press('Escape');
    await page.reload();
    await page.waitForSelector('.list-table tbody tr');
    assert.deepEqual(await headers(), ['sampleCode', 'currentTagCode', 'name', 'modelName', 'customerName', 'updatedAt'], 'kept after a reload');

    // another user of this browser has their own choice
    await page.click('[data-testid=user-menu]');
    await page.click('[data-testid=sign-out]');
    await signIn(page, base, 'viewer', 'secret1', 'en');
    await page.goto(`${base}/sample-management/sample-list`);
    await page.waitForSelector('.list-table tbody tr');
    assert.deepEqual(await headers(), ['sampleCode', 'currentTagCode', 'name', 'customerName', 'usageCount', 'updatedAt']);
    await context.close();
  });
});
