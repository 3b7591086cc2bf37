import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { ADMIN_PASSWORD, type TestApp } from '@rfid/backend/testing/test-app';
import { chooseLookup, screenshot, signIn, browserSuite, watchProblems } from './browser.js';

/** The product list in both languages: add in the dialog, find without accents, edit, deactivate with confirmation. */
describe('products in Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  browserSuite({}, async (suite) => {
    ({ t, base, browser } = suite);
  });

  const TEXT = {
    vi: { menu: 'Sản phẩm', link: 'Liên kết thẻ', edit: 'Sửa', deactivate: 'Ngừng hoạt động', inactive: 'Ngừng hoạt động', gtinRule: 'GTIN phải có 8, 12, 13 hoặc 14 chữ số với số kiểm tra đúng' },
    en: { menu: 'Products', link: 'Link tags', edit: 'Edit', deactivate: 'Deactivate', inactive: 'Inactive', gtinRule: 'A GTIN is 8, 12, 13 or 14 digits with a valid check digit' },
  } as const;

  for (const [lng, suffix, gtin] of [
    ['vi', 'VI', '8934567890144'],
    ['en', 'EN', '8934567890151'],
  ] as const) {
    it(`add, search, edit and deactivate a product (${lng})`, async () => {
      const admin = await t.adminToken();
      await t.api(admin).post('/api/master-data/customers').send({ code: `SUP${suffix}`, name: `Nhà máy Đông Á ${suffix}`, status: 'ACTIVE' }).expect(201);
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await signIn(page, base, 'admin', ADMIN_PASSWORD, lng);
      await page.click(`.app-sidebar a:has-text("${TEXT[lng].menu}")`);
      await page.waitForURL(`${base}/sample-management/product`);

      await page.click('[data-testid=add]');
      await page.fill('#field-code', `ao-${suffix}`);
      await page.fill('#field-name', `Áo khoác gió ${suffix}`);
      await page.fill('#field-unit', 'cái');
      assert.equal(await page.inputValue('#field-quantityPerBox'), '1', 'a box holds one unit unless told');
      await page.fill('#field-quantityPerBox', '12');
      await chooseLookup(page, "#field-supplierId", `Đông Á ${suffix}`, `Nhà máy Đông Á ${suffix} (SUP${suffix})`);
      // a wrong check digit is refused under the field, from the shared rule
      await page.fill('#field-gtin', gtin.slice(0, -1) + String((Number(gtin.at(-1)) + 1) % 10));
      await page.click('[data-testid=form-dialog] button[type=submit]');
      await page.waitForSelector(`[data-testid=form-dialog] .bp6-form-group:has(#field-gtin) .bp6-form-helper-text:has-text("${TEXT[lng].gtinRule}")`);
      await page.fill('#field-gtin', gtin);
      await screenshot(page, `${lng}-product-dialog`);
      await page.click('[data-testid=form-dialog] button[type=submit]');
      await page.waitForSelector('[data-testid=form-dialog]', { state: 'detached' });

      // found without accents or case; the GTIN is shown as its 14 digits
      await page.fill('input[name=q]', `ao khoac gio ${suffix.toLowerCase()}`);
      const row = page.locator('tr', { hasText: `AO-${suffix}` });
      await row.waitFor();
      assert.match(await row.innerText(), new RegExp(`0${gtin}`));
      assert.match(await row.innerText(), /12/);
      await screenshot(page, `${lng}-products`);

      await row.locator(`button[aria-label="${TEXT[lng].edit}"]`).click();
      assert.equal(await page.inputValue('#field-quantityPerBox'), '12');
      await page.fill('#field-quantityPerBox', '24');
      await page.fill('#field-name', `Áo khoác gió ${suffix} mới`);
      await page.click('[data-testid=form-dialog] button[type=submit]');
      await page.waitForSelector('[data-testid=form-dialog]', { state: 'detached' });
      await page.locator('tr', { hasText: `Áo khoác gió ${suffix} mới` }).waitFor();

      // a scanned tag linked to the product as a box tag
      const tagCode = `E20000000000000000B0${suffix === 'VI' ? '0001' : '0002'}`;
      await t.api(admin).post('/api/rfid-tags').send({ codes: [tagCode] }).expect(201);
      await page.locator('tr', { hasText: `AO-${suffix}` }).locator(`button[aria-label="${TEXT[lng].link}"]`).click();
      await page.click('[data-testid=product-tags-dialog] label:has(input[name=box])');
      assert.equal(await page.isChecked('[data-testid=product-tags-dialog] input[name=box]'), true);
      await page.fill('[data-testid=product-tags-dialog] input[name=tagCode]', tagCode.toLowerCase());
      await page.press('[data-testid=product-tags-dialog] input[name=tagCode]', 'Enter');
      await page.waitForSelector(`[data-testid=product-tags-linked] td:has-text("${tagCode}")`);
      await screenshot(page, `${lng}-product-tags`);
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=product-tags-dialog]', { state: 'detached' });
      const tag = (await t.api(admin).get(`/api/rfid-tags/${tagCode}`).expect(200)).body;
      assert.deepEqual([tag.state, tag.product?.code, tag.product?.box], ['LINKED', `AO-${suffix}`, true]);

      await page.locator('tr', { hasText: `AO-${suffix}` }).locator(`button[aria-label="${TEXT[lng].deactivate}"]`).click();
      await page.waitForSelector(`[data-testid=confirm-ok]`);
      await screenshot(page, `${lng}-product-deactivate-confirm`);
      await page.click('[data-testid=confirm-ok]');
      await page.locator('tr', { hasText: `AO-${suffix}` }).locator(`.bp6-tag:has-text("${TEXT[lng].inactive}")`).waitFor();

      const stored = (await t.api(admin).get(`/api/products?q=AO-${suffix}`).expect(200)).body.data[0];
      assert.deepEqual([stored.name, stored.quantityPerBox, stored.gtin, stored.status], [`Áo khoác gió ${suffix} mới`, 24, `0${gtin}`, 'INACTIVE']);
      assert.deepEqual(
        problems.filter((p) => !p.startsWith('400 POST /api/products')),
        [],
        'nothing went wrong but the refused GTIN',
      );
      await context.close();
    });
  }
});
