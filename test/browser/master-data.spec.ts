import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { ADMIN_PASSWORD } from '@rfid/backend/testing/test-app';
import { downloadedWorkbook, screenshot, signIn, browserSuite } from './browser.js';

describe('master data screens in Chromium', () => {
  let base: string;
  let browser: Browser;
  browserSuite({}, async (suite) => {
    ({ base, browser } = suite);
  });

  it('create a season, see the rules, deactivate it, export and import Excel (Vietnamese)', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, base, 'admin', ADMIN_PASSWORD, 'vi');
    await page.click('.app-sidebar a:has-text("Mùa")');
    await page.waitForURL(`${base}/master-data/season-no`);
    await page.click('[data-testid=add]');
    await page.click('[data-testid=form-dialog] button[type=submit]');
    await page.waitForSelector('[data-testid=form-dialog] .bp6-form-helper-text:has-text("Vui lòng nhập thông tin bắt buộc")');
    await page.fill('#field-code', 'SS26');
    await page.fill('#field-name', 'Xuân Hè 2026');
    await page.click('[data-testid=form-dialog] button[type=submit]');
    await page.waitForSelector('td:has-text("Xuân Hè 2026")');
    // the same name again is refused by the server, with its message under the name, which gets the focus
    await page.click('[data-testid=add]');
    await page.fill('#field-code', 'SS27');
    await page.fill('#field-name', 'xuân hè 2026');
    await page.click('[data-testid=form-dialog] button[type=submit]');
    await page.waitForSelector('[data-testid=form-dialog] .bp6-form-group:has(#field-name) .bp6-form-helper-text:has-text("Tên đã tồn tại")');
    await page.waitForSelector('#field-name:focus');
    await screenshot(page, 'vi-master-data-duplicate-name');
    // what was typed is not saved: cancelling asks first
    await page.click('[data-testid=form-dialog] button:has-text("Hủy bỏ")');
    await page.click('[data-testid=confirm-ok]');
    await page.waitForSelector('[data-testid=form-dialog]', { state: 'detached' });

    await page.click('button[aria-label="Ngừng hoạt động"]');
    await page.click('[data-testid=confirm-ok]');
    await page.waitForSelector('.bp6-tag:has-text("Ngừng hoạt động")');
    await screenshot(page, 'vi-master-data-seasons');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Xuất Excel")')]);
    const wb = await downloadedWorkbook(download);
    const values = wb.worksheets[0]!.getRow(2).values as unknown[];
    assert.ok(values.includes('Xuân Hè 2026'), `the export has the season: ${JSON.stringify(values)}`);

    // import two more seasons from a file made like the template
    const [templateDownload] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Tải file mẫu")')]);
    const template = path.join(os.tmpdir(), `template-${Date.now()}.xlsx`);
    const tw = await downloadedWorkbook(templateDownload);
    const sheet = tw.worksheets[0]!;
    sheet.addRow(['FW26', 'Thu Đông 2026', 'mùa lạnh', 'ACTIVE']);
    sheet.addRow(['SS25', 'Xuân Hè 2025', '', 'ACTIVE']);
    await tw.xlsx.writeFile(template);
    await page.click('button:has-text("Nhập Excel")');
    await page.setInputFiles('input[name=file]', template);
    await page.click('[data-testid=import-submit]');
    await page.waitForSelector('td:has-text("Thu Đông 2026")');
    await screenshot(page, 'vi-master-data-imported');
    fs.rmSync(template, { force: true });
    await context.close();
  });

  it('a zone id must be uppercase letters and digits; the wrong rows of an import are listed (English)', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    const page = await context.newPage();
    await signIn(page, base, 'admin', ADMIN_PASSWORD, 'en');
    await page.goto(`${base}/master-data/zone`);
    await page.click('[data-testid=add]');
    await page.fill('#field-code', 'z-1');
    await page.fill('#field-name', 'Shelf A');
    await page.click('[data-testid=form-dialog] button[type=submit]');
    await page.waitForSelector('[data-testid=form-dialog] .bp6-form-helper-text'); // the form is checked before it is sent
    assert.deepEqual(await page.locator('[data-testid=form-dialog] .bp6-form-helper-text').allTextContents(), ['2 to 100 upper-case letters and digits']);
    await page.waitForSelector('#field-code:focus'); // the wrong field has the focus
    await page.fill('#field-code', 'ZA01');
    await page.click('[data-testid=form-dialog] button[type=submit]');
    await page.waitForSelector('td:has-text("ZA01")');

    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('zones');
    sheet.addRow(['Zone ID', 'Name', 'Description', 'Status']);
    sheet.addRow(['ZB01', 'Shelf B', '', 'ACTIVE']);
    sheet.addRow(['zb-02', '', '', 'ACTIVE']);
    const file = path.join(os.tmpdir(), `zones-${Date.now()}.xlsx`);
    await wb.xlsx.writeFile(file);
    await page.click('button:has-text("Import Excel")');
    await page.setInputFiles('input[name=file]', file);
    await page.click('[data-testid=import-submit]');
    await page.waitForSelector('[data-testid=import-errors]');
    const rows = await page.locator('[data-testid=import-errors] tbody tr').allTextContents();
    assert.ok(rows.length >= 2 && rows.every((r) => r.startsWith('3')), `only row 3 is wrong: ${rows.join(' | ')}`);
    await screenshot(page, 'en-master-data-import-errors');
    await page.click('.bp6-dialog-footer button:has-text("Close")');
    assert.equal(await page.locator('td:has-text("ZB01")').count(), 0, 'nothing was imported');
    fs.rmSync(file, { force: true });
    await context.close();
  });
});
