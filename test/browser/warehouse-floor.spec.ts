import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { CommandBus } from '@nestjs/cqrs';
import type { Browser, Page } from 'playwright-core';
import { SCREEN_PATHS } from '@rfid/contracts';
import { RecordGatePasses } from '@rfid/backend/modules/gates/passes/gate-pass-decisions';
import type { GatePassEvent } from '@rfid/backend/modules/gates/gates.events';
import type { AlertRaisedEvent } from '@rfid/backend/modules/alerts/alerts.events';
import type { TestApp } from '@rfid/backend/testing/test-app';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { createCatalogues, createSample, sampleBody } from '../api/sample-fixtures.js';
import { ADMIN_PASSWORD } from '@rfid/backend/testing/test-app';
import { browserSuite, downloadedWorkbook, overlap, screenshot, signIn, watchProblems } from './browser.js';

const WIDTHS = [1280, 1440] as const;
const LANGUAGES = ['vi', 'en'] as const;
const ALERTS = 24;

/** A table's box and how far its content reaches: a table that fits shows every column without scrolling sideways. */
async function tableFit(page: Page, scope = 'main') {
  return page.evaluate((s) => {
    const box = document.querySelector(`${s} [data-testid=table-scroll]`) as HTMLElement;
    return { client: box.clientWidth, scroll: box.scrollWidth };
  }, scope);
}

/** Whether the column's header cell lies wholly inside the table's visible box. */
async function columnInView(page: Page, column: string): Promise<boolean> {
  return page.evaluate((c) => {
    const box = document.querySelector('main [data-testid=table-scroll]')!.getBoundingClientRect();
    const th = document.querySelector(`main th[data-column="${c}"]`)?.getBoundingClientRect();
    return !!th && th.left >= box.left - 1 && th.right <= box.right + 1 && th.width > 0;
  }, column);
}

/**
 * The screens a warehouse found hiding what matters, at 1280 and 1440 px in both languages: the bell's
 * drop-down keeps "view all" on screen; the samples, alert report, notifications and gate configuration
 * lists fit the screen (no sideways scroll, their key columns in view, the actions column over no text).
 */
describe('the warehouse floor screens at 1280 and 1440 px', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let ticketPath: string;
  let exportingPath: string;
  let samplePath: string;

  browserSuite({}, async (suite) => {
    ({ t, base, browser } = suite);
    const admin = await t.adminToken();
    const c = await createCatalogues(t, admin);
    const adminId = (await t.api(admin).get('/api/auth/me').expect(200)).body.user.id as string;
    // the admin is told of gate alerts in the app: the bell and the notifications page fill up
    await t.api(admin).post('/api/alert-configurations').send({ userId: adminId, methods: ['IN_APP'], actionName: 'Kiểm tra túi xách và đối chiếu phiếu xuất', functionName: 'GATE', timeMinutes: 5 }).expect(201);
    const samples: string[] = [];
    for (let i = 0; i < 12; i++) {
      const s = await createSample(t, admin, sampleBody(c, { sampleCode: `FLOOR-${i}`, name: `Giày chạy bộ nữ mẫu phát triển mùa Xuân Hè số ${i}` }));
      if (i % 3 === 0) {
        const tag = `E2801160600002FF00000${String(i).padStart(3, '0')}`;
        await t.api(admin).post('/api/rfid-tags').send({ codes: [tag] }).expect(201);
        await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: tag, sampleId: s.id }).expect(200);
      }
      samples.push(s.id);
    }
    samplePath = `${SCREEN_PATHS.sampleList}/${samples[0]}`;
    for (const [code, name] of [['AO-01', 'Áo khoác gió'], ['AO-02', 'Áo thun'], ['AO-03', 'Quần jean']]) {
      await t.api(admin).post('/api/products').send({ code, name, unit: 'cái', quantityPerBox: 1, supplierId: c.active.customers[0] }).expect(201);
    }
    const gates: { id: string; code: string; name: string; host: string }[] = [];
    for (const [code, name, host] of [
      ['GATE-01', 'Cổng chính kho thành phẩm phía Bắc', '10.0.0.21'],
      ['GATE-02', 'Cổng phụ', 'gate-02.kho.local'],
    ] as const) {
      gates.push((await t.api(admin).post('/api/readers').send({ code, name, host, kind: 'GATE', format: 'SIMPLE', zoneId: c.active.zones[0], antennas: [{ port: 1, power: 27 }] }).expect(201)).body.reader);
    }
    const commands = t.app.get(CommandBus);
    const alerts: AlertRaisedEvent[] = Array.from({ length: ALERTS }, (_, i) => ({
      type: 'GateAlertRaised',
      data: {
        alertId: randomUUID(),
        passId: randomUUID(),
        gateId: gates[i % 2].id,
        gateCode: gates[i % 2].code,
        gateName: gates[i % 2].name,
        readerHostName: gates[i % 2].host,
        antenna: 1,
        epc: `E2801160600002FA1B2C${String(i).padStart(4, '0')}`,
        item: { kind: 'SAMPLE', id: randomUUID(), code: `FLOOR-${i % 12}`, name: `Giày chạy bộ nữ mẫu phát triển mùa Xuân Hè số ${i % 12}` },
      },
    }));
    // each alert with the pass that raised it (the gate history), and two passes a ticket let out
    const passOf = (a: AlertRaisedEvent & { type: 'GateAlertRaised' }, decision: 'ALERT' | 'ALLOWED'): GatePassEvent => ({
      type: 'GatePassDecided',
      data: {
        ...a.data,
        passId: decision === 'ALERT' ? a.data.passId : randomUUID(),
        direction: 'OUT',
        decision,
        permit: decision === 'ALLOWED' ? { kind: 'EXPORT_TICKET', id: randomUUID(), code: 'ET000099' } : null,
        alertId: decision === 'ALERT' ? a.data.alertId : null,
        at: new Date().toISOString(),
      },
    });
    const gateAlerts = alerts as (AlertRaisedEvent & { type: 'GateAlertRaised' })[];
    await commands.execute(new RecordGatePasses({ passes: [...gateAlerts.slice(0, 2).map((a) => passOf(a, 'ALLOWED')), ...gateAlerts.map((a) => passOf(a, 'ALERT'))], alerts }));
    // an export of one sample whose preparing scan set ten tags apart: nine nobody registered, one another sample's
    const ticket = (await t.api(admin).post('/api/export-tickets').send({ source: 'INTERNAL', warehouseId: c.active.zones[0], sampleIds: [samples[0]], allowedGateId: gates[0]!.id }).expect(201)).body;
    await t.api(admin).post(`/api/export-tickets/${ticket.id}/prepare`).expect(200);
    const apart = [...Array.from({ length: 9 }, (_, i) => `E2801160600002EE0000000${i}`), 'E2801160600002FF00000003'];
    await t.api(admin).post(`/api/export-tickets/${ticket.id}/scans`).send({ epcs: ['E2801160600002FF00000000', ...apart] }).expect(200);
    ticketPath = `/sample-management/export-ticket/internal/${ticket.id}`;
    // another export, approved by another user and exporting, with two tags set apart not decided yet
    const approverGroup = (await t.api(admin).post('/api/user-groups').send({ name: 'Duyệt', permissions: ['SAMPLE_MANAGEMENT_EXPORT_TICKET_LIST', 'SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL', 'SAMPLE_MANAGEMENT_EXPORT_TICKET_APPROVE'] }).expect(201)).body.id;
    await t.api(admin).post('/api/users').send({ username: 'floor.approver', password: 'secret1', fullName: 'Approver', groupId: approverGroup }).expect(201);
    const approver = await t.login('floor.approver', 'secret1');
    const exporting = (await t.api(admin).post('/api/export-tickets').send({ source: 'INTERNAL', warehouseId: c.active.zones[0], sampleIds: [samples[6]], allowedGateId: gates[1]!.id }).expect(201)).body;
    for (const step of ['prepare', 'prepared', 'submit']) await t.api(admin).post(`/api/export-tickets/${exporting.id}/${step}`).expect(200);
    await t.api(approver).post(`/api/export-tickets/${exporting.id}/approve`).send({}).expect(200);
    await t.api(admin).post(`/api/export-tickets/${exporting.id}/start`).expect(200);
    await t.api(admin).post(`/api/export-tickets/${exporting.id}/scans`).send({ epcs: ['E2801160600002FF00000006', 'E2801160600002EE00000011', 'E2801160600002EE00000012'] }).expect(200);
    exportingPath = `/sample-management/export-ticket/internal/${exporting.id}`;
    await waitFor('the admin told of every alert', async () => (await t.api(admin).get('/api/user-notifications').query({ page: 1, size: 10 }).expect(200)).body.total >= ALERTS);
  });

  for (const lng of LANGUAGES) {
    for (const width of WIDTHS) {
      it(`the bell and the lists fit the screen (${lng}, ${width} px)`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        const problems = watchProblems(page);
        await signIn(page, base, 'admin', ADMIN_PASSWORD, lng);

        // the bell: its list scrolls, "view all" stays on screen
        await page.click('[data-testid=bell]');
        await page.waitForSelector('[data-testid=bell-item]');
        const viewAll = (await page.locator('[data-testid=bell-view-all]').boundingBox())!;
        assert.ok(viewAll.y + viewAll.height <= 900, `"view all" ends at ${viewAll.y + viewAll.height} px, below the window`);
        await screenshot(page, `floor-bell-${lng}-${width}`, { fullPage: false });
        await page.keyboard.press('Escape');

        const lists = [
          { path: SCREEN_PATHS.sampleList, name: 'samples', keys: ['sampleCode', 'name', 'updatedAt'] },
          { path: SCREEN_PATHS.alertReport, name: 'alert-report', keys: ['at', 'gate', 'alarm', 'state'] },
          { path: SCREEN_PATHS.notifications, name: 'notifications', keys: ['title', 'content', 'createdAt'] },
          { path: SCREEN_PATHS.gateConfiguration, name: 'gate-configuration', keys: ['code', 'connection'] },
          { path: SCREEN_PATHS.gateHistory, name: 'gate-history', keys: ['at', 'item', 'decision', 'permit', 'alert'] },
        ];
        const misfits: string[] = [];
        for (const list of lists) {
          await page.goto(`${base}${list.path}`);
          await page.waitForSelector('main .list-table tbody tr');
          await screenshot(page, `floor-${list.name}-${lng}-${width}`, { fullPage: false });
          const fit = await tableFit(page);
          if (fit.scroll > fit.client + 1) misfits.push(`${list.name}: the table is ${fit.scroll} px wide in a ${fit.client} px box`);
          for (const key of list.keys) if (!(await columnInView(page, key))) misfits.push(`${list.name}: the ${key} column is out of view`);
          // the actions column covers no other cell's text
          const actionCell = page.locator('main tbody tr:first-child td.actions-col');
          const actions = (await actionCell.count()) ? await actionCell.boundingBox() : null;
          if (actions) {
            const cells = await page.locator('main tbody tr:first-child td:not(.actions-col)').evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().toJSON()));
            if (cells.some((cell) => overlap(cell, actions))) misfits.push(`${list.name}: the actions column lies over a cell`);
          }
        }
        assert.deepEqual(misfits, []);

        // a column dragged narrower and one hidden stay so on the next visit (this user, this browser)
        await page.goto(`${base}${SCREEN_PATHS.sampleList}`);
        await page.waitForSelector('main .list-table tbody tr');
        const nameHeader = page.locator('main th[data-column="name"]');
        const before = (await nameHeader.boundingBox())!;
        const handle = (await nameHeader.locator('.col-resizer').boundingBox())!;
        await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
        await page.mouse.down();
        await page.mouse.move(handle.x + handle.width / 2 - 40, handle.y + handle.height / 2, { steps: 5 });
        await page.mouse.up();
        await page.click('[data-testid=column-chooser]');
        await page.click('label:has(input[name=column-customerName])');
        await page.waitForSelector('main th[data-column="customerName"]', { state: 'detached' });
        await page.keyboard.press('Escape');
        await page.reload();
        await page.waitForSelector('main .list-table tbody tr');
        const after = (await nameHeader.boundingBox())!;
        assert.ok(Math.abs(after.width - (before.width - 40)) <= 3, `the name column is ${after.width} px wide after a 40 px drag from ${before.width}`);
        assert.equal(await page.locator('main th[data-column="customerName"]').count(), 0, 'the hidden column stays hidden');
        // a value longer than the column ends in "…" and says itself whole on hover
        const cut = page.locator('main tbody tr:first-child td.sized').filter({ hasText: 'Giày chạy bộ' });
        assert.match((await cut.getAttribute('title')) ?? '', /^Giày chạy bộ nữ mẫu phát triển mùa Xuân Hè số \d+$/);
        await screenshot(page, `floor-samples-resized-${lng}-${width}`, { fullPage: false });
        assert.deepEqual(problems, []);
        await context.close();
      });
    }
  }

  for (const lng of LANGUAGES) {
    for (const width of WIDTHS) {
      it(`bulk actions with undo, breadcrumbs, a filled form that asks, a ticket's set-aside tags in full (${lng}, ${width} px)`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
        const page = await context.newPage();
        const problems = watchProblems(page);
        await signIn(page, base, 'admin', ADMIN_PASSWORD, lng);
        const admin = await t.adminToken();
        const statusOf = async (code: string) => ((await t.api(admin).get('/api/products').query({ q: code }).expect(200)).body.data[0] as { status: string }).status;

        // two products selected and deactivated at once; "Undo" in the toast makes them active again
        await page.goto(`${base}${SCREEN_PATHS.products}`);
        await page.waitForSelector('main .list-table tbody tr');
        await page.locator('main tbody tr', { hasText: 'AO-01' }).locator('td.select-col label').click();
        await page.locator('main tbody tr', { hasText: 'AO-02' }).locator('td.select-col label').click();
        await page.waitForSelector('[data-testid=selected-count]');
        assert.match((await page.textContent('[data-testid=selected-count]')) ?? '', /2/);
        await screenshot(page, `floor-bulk-${lng}-${width}`, { fullPage: false });
        await page.click('[data-bulk=deactivate]');
        await page.click('[data-testid=confirm-ok]');
        await waitFor('both deactivated', async () => (await statusOf('AO-01')) === 'INACTIVE' && (await statusOf('AO-02')) === 'INACTIVE');
        assert.equal(await statusOf('AO-03'), 'ACTIVE', 'the one not selected is left be');
        await page.click('.bp6-toast .bp6-button:has-text("' + (lng === 'vi' ? 'Hoàn tác' : 'Undo') + '")');
        await waitFor('both active again', async () => (await statusOf('AO-01')) === 'ACTIVE' && (await statusOf('AO-02')) === 'ACTIVE');

        // a filled form asks before Escape closes it; staying keeps what was typed
        await page.click('[data-testid=add]');
        await page.fill('#field-name', 'Giày mới');
        await page.keyboard.press('Escape');
        await page.waitForSelector(`.bp6-dialog:has-text("${lng === 'vi' ? 'Có thay đổi chưa được lưu' : 'Some changes are not saved'}")`);
        await page.click('.bp6-dialog:has([data-testid=confirm-ok]) .bp6-button:not([data-testid=confirm-ok])');
        assert.equal(await page.inputValue('#field-name'), 'Giày mới');
        await page.click('[data-testid=form-cancel]');
        await page.click('[data-testid=confirm-ok]');
        await page.waitForSelector('[data-testid=form-dialog]', { state: 'detached' });

        // samples: the selection exported, these two rows only
        await page.goto(`${base}${SCREEN_PATHS.sampleList}`);
        await page.waitForSelector('main .list-table tbody tr');
        for (const row of await page.locator('main tbody tr td.select-col label').all().then((rows) => rows.slice(0, 2))) await row.click();
        const download = page.waitForEvent('download');
        await page.click('[data-bulk=export]');
        const sheet = (await downloadedWorkbook(await download)).worksheets[0]!;
        assert.equal(sheet.actualRowCount - 1, 2, 'the header and the two rows selected');

        // a sample's page says where it sits in the app
        await page.goto(`${base}${samplePath}`);
        await page.waitForSelector('[data-testid=breadcrumbs]');
        assert.deepEqual(await page.locator('[data-testid=breadcrumbs] li').allTextContents(), lng === 'vi' ? ['Quản lý sản phẩm', 'Danh sách mẫu', 'FLOOR-0'] : ['Product management', 'Sample list', 'FLOOR-0']);

        // the ticket's ten set-aside tags in full (the table grows with the page), the sample's named
        await page.goto(`${base}${ticketPath}`);
        await page.waitForSelector('[data-testid=apart-tags] tbody tr:nth-child(10)');
        const box = await page.locator('[data-testid=apart-tags] [data-testid=table-scroll]').evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }));
        assert.ok(box.scroll <= box.client + 1, `the set-aside list scrolls in a box: ${box.scroll} px in ${box.client}`);
        assert.match((await page.locator('[data-testid=apart-tags] tbody tr', { hasText: 'E2801160600002FF00000003' }).textContent()) ?? '', /FLOOR-3/);
        await screenshot(page, `floor-ticket-apart-${lng}-${width}`);
        assert.deepEqual(problems, []);
        await context.close();
      });
    }
  }

  for (const lng of LANGUAGES) {
    for (const width of WIDTHS) {
      it(`closing with tags set apart asks, the step back reads as one, the alert dialog, linking by scanner, the dark theme's range, the group's description (${lng}, ${width} px)`, async () => {
        const vi = lng === 'vi';
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: 'dark' });
        const page = await context.newPage();
        const problems = watchProblems(page);
        await signIn(page, base, 'admin', ADMIN_PASSWORD, lng);

        // the dashboard in the dark theme: the range shown stands out from the others
        await page.click('[data-testid=theme-picker]');
        await page.click(`.bp6-menu-item:has-text("${vi ? 'Tối' : 'Dark'}")`);
        await page.waitForSelector('body.dark, .bp6-dark');
        await page.waitForSelector('[data-testid=span-7]');
        await screenshot(page, `floor-dashboard-dark-${lng}-${width}`, { fullPage: false });
        const look = (span: string) => page.locator(`[data-testid=span-${span}]`).evaluate((b) => ({ pressed: b.getAttribute('aria-pressed'), bg: getComputedStyle(b).backgroundColor }));
        const [shown, other] = await Promise.all([look('7'), look('30')]);
        assert.deepEqual([shown.pressed, other.pressed], ['true', 'false']);
        assert.notEqual(shown.bg, other.bg, 'the active range has its own colour in the dark theme');

        // an exporting ticket: undoing is "Hoàn tác bước" at the toolbar's far end; closing with 2 tags set apart says so first
        await page.goto(`${base}${exportingPath}`);
        await page.waitForSelector('[data-action=close]');
        assert.equal((await page.textContent('[data-action=rollback]'))?.trim(), vi ? 'Hoàn tác bước' : 'Undo last step');
        const [rollback, close] = await Promise.all([page.locator('[data-action=rollback]').boundingBox(), page.locator('[data-action=close]').boundingBox()]);
        assert.ok(rollback!.x > close!.x + close!.width + 100, 'the step back stands apart, at the far end');
        await page.click('[data-action=close]');
        await page.waitForSelector(`.bp6-dialog:has-text("${vi ? 'Còn 2 thẻ để riêng chưa xử lý' : '2 tags set apart are not decided'}")`);
        await screenshot(page, `floor-close-apart-dark-${lng}-${width}`, { fullPage: false });
        await page.keyboard.press('Escape');

        // an alert's dialog from the bell: the gate by name, the reader's address, a short alert id, one reason label
        await page.click('[data-testid=bell]');
        await page.click('[data-testid=bell-item] >> nth=0');
        await page.waitForSelector('[data-testid=alert-id]');
        const id = (await page.getAttribute('[data-testid=alert-id]', 'data-alert-id'))!;
        assert.equal((await page.textContent('[data-testid=alert-id]'))?.trim(), id.slice(0, 8));
        const dialog = page.locator('.notification-dialog');
        assert.match((await dialog.textContent()) ?? '', /GATE-0\d · Cổng/);
        assert.equal(await dialog.locator(`label:text-is("${vi ? 'Lý do' : 'Reason'}")`).count(), 0, 'the reason input has its own label');
        assert.equal(await dialog.locator(`label:has-text("${vi ? 'Lý do tắt cảnh báo' : 'Why the alert is disabled'}")`).count(), 1);
        const title = await dialog.locator('.bp6-dialog-header .bp6-heading').evaluate((h) => h.scrollWidth <= h.clientWidth + 1);
        assert.ok(title, 'the title is not cut');
        await screenshot(page, `floor-alert-dialog-${lng}-${width}`, { fullPage: false });
        await page.keyboard.press('Escape');

        // linking by scanner: a code that is no tag code is said, the field emptied and ready
        await page.goto(`${base}/sample-management/link`);
        await page.fill('input[name=sampleSearch]', 'FLOOR-1');
        await page.waitForSelector('#sample-results [role=option]');
        await page.keyboard.press('Enter');
        await page.waitForSelector('[data-testid=chosen-sample]');
        await page.keyboard.type('NOT-A-TAG');
        await page.keyboard.press('Enter');
        await page.waitForSelector(`[data-testid=link-answer]:has-text("${vi ? 'không phải mã thẻ' : 'is not a tag code'}")`);
        assert.deepEqual([await page.inputValue('input[name=tagCode]'), await page.evaluate(() => document.activeElement?.getAttribute('name'))], ['', 'tagCode']);

        // the built-in group's description in the reader's language
        await page.goto(`${base}${SCREEN_PATHS.userGroups}`);
        await page.waitForSelector('main tbody tr');
        assert.match((await page.locator('main tbody tr', { hasText: 'Administrators' }).textContent()) ?? '', vi ? /Toàn bộ quyền/ : /Every permission/);
        assert.deepEqual(problems, []);
        await context.close();
      });
    }
  }
});
