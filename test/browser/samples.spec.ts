import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, type TestApp } from '@rfid/backend/testing/test-app';
import { createCatalogues, sampleBody } from '../api/sample-fixtures.js';
import { XLSX } from '../api/excel-fixtures.js';
import { chooseLookup, downloadedWorkbook, screenshot, signIn, browserSuite } from './browser.js';

/** The product's main journey, in both languages: master data → sample → tag → link → unlink → reports. */
describe('samples, tags, link, unlink and reports in Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  browserSuite({}, async (suite) => {
    ({ t, base, browser } = suite);
  });

  async function addMasterData(page: Page, route: string, code: string, name: string) {
    await page.goto(`${base}/master-data/${route}`);
    await page.click('[data-testid=add]');
    await page.fill('#field-code', code);
    await page.fill('#field-name', name);
    await page.click('[data-testid=form-dialog] button[type=submit]');
    await page.waitForSelector(`td:has-text("${name}")`);
  }

  for (const [lng, suffix] of [
    ['vi', 'VI'],
    ['en', 'EN'],
  ] as const) {
    it(`the whole journey (${lng})`, async () => {
      // a browser in Vietnam: its exports are in Vietnamese time
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'Asia/Ho_Chi_Minh' });
      const page = await context.newPage();
      await signIn(page, base, 'admin', ADMIN_PASSWORD, lng);
      await addMasterData(page, 'season-no', `SS${suffix}`, `Season ${suffix}`);
      await addMasterData(page, 'size', `S42${suffix}`, `Size 42 ${suffix}`);
      await addMasterData(page, 'category', `SHOE${suffix}`, `Shoes ${suffix}`);
      await addMasterData(page, 'customer', `ACME${suffix}`, `Acme ${suffix}`);

      await page.goto(`${base}/sample-management/sample-list`);
      await page.click('[data-testid=add]');
      await page.fill('#field-name', `Runner ${suffix}`);
      await page.fill('#field-modelName', `RUN-1 ${suffix}`);
      await page.fill('#field-artNumber', `ART-${suffix}`);
      await chooseLookup(page, '#field-seasonId', `SS${suffix}`, `Season ${suffix} (SS${suffix})`);
      await chooseLookup(page, '#field-sizeId', `S42${suffix}`, `Size 42 ${suffix} (S42${suffix})`);
      await chooseLookup(page, '#field-categoryId', `Shoes`, `Shoes ${suffix} (SHOE${suffix})`);
      await chooseLookup(page, '#field-customerId', `acme ${suffix}`, `Acme ${suffix} (ACME${suffix})`);
      await page.click('[data-testid=form-dialog] button[type=submit]');
      await page.waitForSelector(`td:has-text("Runner ${suffix}")`);
      await screenshot(page, `${lng}-samples`);

      // As a user would: download the template, fill it in (3,000 rows, enough to show the server's
      // progress before the import ends), import it.
      const [templateDownload] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=excel-template]')]);
      const template = await downloadedWorkbook(templateDownload);
      const dataSheet = template.worksheets[0]!;
      assert.equal(dataSheet.getCell('B1').value, lng === 'vi' ? 'Tên mẫu' : 'Name', 'the header is in the language of the screen');
      for (let i = 0; i < 3000; i++) {
        dataSheet.addRow([null, `Bulk ${suffix} ${i}`, 'BULK', `B-${i}`, `Season ${suffix}`, null, null, `Size 42 ${suffix}`, null, null, 'Xanh lá', `Shoes ${suffix}`, `Acme ${suffix}`]);
      }
      await page.click('[data-testid=excel-import]');
      await page.setInputFiles('input[name=file]', { name: 'bulk.xlsx', mimeType: XLSX, buffer: Buffer.from(await template.xlsx.writeBuffer()) });
      await page.click('[data-testid=import-submit]');
      await page.waitForSelector('[data-testid=import-progress][data-phase=reading], [data-testid=import-progress][data-phase=checking], [data-testid=import-progress][data-phase=writing]');
      await screenshot(page, `${lng}-import-progress`);
      await page.waitForSelector('[data-testid=import-progress]', { state: 'detached', timeout: 60_000 });
      await page.fill('input[name=q]', `Bulk ${suffix} 2999`);
      await page.waitForSelector(`td:has-text("Bulk ${suffix} 2999")`);
      // The export is exactly the filter's rows, diacritics intact.
      await page.fill('input[name=q]', `Bulk ${suffix} 29`);
      await page.waitForFunction(() => /^111\D/.test(document.querySelector('[data-testid=list-total]')?.textContent ?? ''));
      const [exportDownload] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=excel-export]')]);
      const exported = await downloadedWorkbook(exportDownload);
      const exportedNames: string[] = [];
      exported.worksheets[0]!.eachRow((r, n) => n > 1 && exportedNames.push(String(r.getCell(2).value)));
      assert.equal(exportedNames.length, 111, 'Bulk … 29, 290–299 and 2900–2999');
      assert.ok(exportedNames.every((n) => n.startsWith(`Bulk ${suffix} 29`)));
      assert.equal(exported.worksheets[0]!.getCell('K2').value, 'Xanh lá');
      const header = exported.worksheets[0]!.getRow(1);
      assert.equal(header.getCell(header.cellCount).value, lng === 'vi' ? 'Ngày cập nhật (Giờ Đông Dương, GMT+7)' : 'Date updated (Indochina Time, GMT+7)', 'the export names the zone of its times');

      const tag = lng === 'vi' ? '3074257BF7194E4000001A85' : 'E2806894000050123456AB01';
      await page.goto(`${base}/sample-management/rfid-list`);
      await page.click('[data-testid=add]');
      await page.fill('#tag-codes', tag.toLowerCase());
      await page.click('[data-testid=register-submit]');
      await page.waitForSelector(`code:has-text("${tag}")`);
      if (lng === 'vi') assert.equal(await page.locator('td:has-text("0614141.812345.6789")').count(), 1, 'SGTIN-96 decoded');
      await screenshot(page, `${lng}-rfid-tags`);

      await page.goto(`${base}/sample-management/link`);
      await page.fill('input[name=sampleSearch]', `Runner ${suffix}`);
      await page.click(`.sample-results a:has-text("Runner ${suffix}")`);
      await page.waitForSelector('[data-testid=chosen-sample]');
      // a keyboard-wedge scanner types fast and ends with Enter
      await page.locator('input[name=tagCode]').pressSequentially(tag, { delay: 5 });
      await page.keyboard.press('Enter');
      await page.waitForSelector(`.recent-links td:has-text("${tag}")`);
      await screenshot(page, `${lng}-link`);

      await page.goto(`${base}/sample-management/unlink`);
      await page.locator('input[name=tagCode]').pressSequentially(tag, { delay: 5 });
      await page.keyboard.press('Enter');
      await page.waitForSelector(`[data-testid=unlink-list] :text("${tag}")`);
      await page.fill('#unlink-reason', 'worn out');
      await page.click('[data-testid=unlink-submit]');
      await page.click('[data-testid=confirm-ok]');
      // the list clears when the unlink is done; a refusal shows why instead (say it, rather than time out)
      await page.waitForFunction(() => !document.querySelector('[data-testid=unlink-list]') || document.querySelector('.link-error'));
      assert.equal(await page.locator('.link-error').count(), 0, `the unlink was refused: ${await page.locator('.link-error').allTextContents()}`);
      await screenshot(page, `${lng}-unlink`);

      for (const report of ['linking-report', 'unlink-report']) {
        await page.goto(`${base}/report/${report}?days=1`);
        await page.waitForSelector(`td:has-text("Runner ${suffix}")`);
        await screenshot(page, `${lng}-${report}`);
        const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=excel-export]')]);
        const workbook = await downloadedWorkbook(download);
        const cells: string[] = [];
        workbook.worksheets[0]!.eachRow((r) => r.eachCell((c) => void cells.push(String(c.value))));
        assert.ok(cells.includes(`Runner ${suffix}`) && cells.includes(tag), `${report}: the export holds the sample and its tag`);
      }

      // The sample's page: its fields, and its history with the link and the unlink, newest first.
      await page.goto(`${base}/sample-management/sample-list?q=${encodeURIComponent(`Runner ${suffix}`)}`);
      await page.click(`td:has-text("Runner ${suffix}")`);
      await page.waitForSelector('[data-testid=sample-title]');
      assert.match((await page.textContent('[data-testid=sample-title]')) ?? '', new RegExp(`Runner ${suffix}$`));
      await page.click('[data-testid=edit]');
      await page.fill('#field-color', 'Đỏ');
      await page.click('[data-testid=form-dialog] button[type=submit]');
      // the details and the history are read again each with its own request: both are waited for
      await page.waitForSelector('[data-testid=history] li[data-action=SampleUpdated]');
      await page.waitForSelector('[data-testid=sample-details]:has-text("Đỏ")');
      const actions = await page.locator('[data-testid=history] > li').evaluateAll((items) => items.map((li) => li.getAttribute('data-action')));
      assert.deepEqual(actions, ['SampleUpdated', 'TagUnlinked', 'TagLinked', 'SampleRegistered']);
      const updated = (await page.textContent('[data-testid=history] li[data-action=SampleUpdated]')) ?? '';
      assert.match(updated, /Đỏ/, 'the update names the colour it set');
      assert.match((await page.textContent('[data-testid=history] li[data-action=TagUnlinked]')) ?? '', /worn out/);
      await screenshot(page, `${lng}-sample-detail`);
      // "Link a tag" opens the link screen with this sample chosen, ready for the scanner.
      await page.click('[data-testid=link-tag]');
      await page.waitForSelector(`[data-testid=chosen-sample]:has-text("Runner ${suffix}")`);
      await context.close();
    });
  }

  it('unlinking refuses a 16th tag', async () => {
    const admin = await t.adminToken();
    const c = await createCatalogues(t, admin);
    const codes = Array.from({ length: 16 }, (_, i) => `ABCD00${String(i).padStart(2, '0')}`);
    await t.api(admin).post('/api/rfid-tags').send({ codes }).expect(201);
    for (const [i, tagCode] of codes.entries()) {
      const sample = (await t.api(admin).post('/api/samples').send(sampleBody(c, { sampleCode: `MAX-${i}` })).expect(201)).body;
      await t.api(admin).post('/api/rfid-tags/link').send({ tagCode, sampleId: sample.id }).expect(200);
    }
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, base, 'admin', ADMIN_PASSWORD, 'en');
    await page.goto(`${base}/sample-management/unlink`);
    for (const [i, code] of codes.entries()) {
      await page.fill('input[name=tagCode]', code);
      await page.keyboard.press('Enter');
      if (i < 15) await page.waitForSelector(`[data-testid=unlink-list] tr[data-tag="${code}"]`);
    }
    await page.waitForSelector('[role=alert]');
    assert.equal(await page.locator('[data-testid=unlink-list] tbody tr').count(), 15);
    assert.equal((await page.locator('[role=alert]').textContent())?.trim(), 'At most 15 tags can be unlinked at once');
    await context.close();
  });
});
