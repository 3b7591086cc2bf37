import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { CommandBus } from '@nestjs/cqrs';
import type { Browser, Page } from 'playwright-core';
import { SCREEN_PATHS } from '@rfid/contracts';
import { RaiseAlerts } from '@rfid/backend/modules/alerts/alerts.public';
import type { AlertRaisedEvent } from '@rfid/backend/modules/alerts/alerts.events';
import type { TestApp } from '@rfid/backend/testing/test-app';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { createCatalogues, createSample, sampleBody } from '../api/sample-fixtures.js';
import { ADMIN_PASSWORD } from '@rfid/backend/testing/test-app';
import { browserSuite, overlap, screenshot, signIn, watchProblems } from './browser.js';

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

  browserSuite({}, async (suite) => {
    ({ t, base, browser } = suite);
    const admin = await t.adminToken();
    const c = await createCatalogues(t, admin);
    const adminId = (await t.api(admin).get('/api/auth/me').expect(200)).body.user.id as string;
    // the admin is told of gate alerts in the app: the bell and the notifications page fill up
    await t.api(admin).post('/api/alert-configurations').send({ userId: adminId, methods: ['IN_APP'], actionName: 'Kiểm tra túi xách và đối chiếu phiếu xuất', functionName: 'GATE', timeMinutes: 5 }).expect(201);
    for (let i = 0; i < 12; i++) {
      const s = await createSample(t, admin, sampleBody(c, { sampleCode: `FLOOR-${i}`, name: `Giày chạy bộ nữ mẫu phát triển mùa Xuân Hè số ${i}` }));
      if (i % 3 === 0) {
        const tag = `E2801160600002FF00000${String(i).padStart(3, '0')}`;
        await t.api(admin).post('/api/rfid-tags').send({ codes: [tag] }).expect(201);
        await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: tag, sampleId: s.id }).expect(200);
      }
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
    await t.platform.db.transaction().execute((tx) => commands.execute(new RaiseAlerts({ alerts, tx })));
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
        await page.click('input[name=column-customerName]', { force: true });
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
});
