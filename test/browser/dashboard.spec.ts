import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { P, type DashboardView } from '@rfid/contracts';
import { ADMIN_PASSWORD, type TestApp } from '@rfid/backend/testing/test-app';
import { SimulatedReader, gatePass } from '@rfid/simulators';
import { createCatalogues, createSample, sampleBody } from '../api/sample-fixtures.js';
import { screenshot, signIn, browserSuite, watchProblems } from './browser.js';

const TAG = 'E28011606000020A1B2DB001';
const UNKNOWN = (n: number) => `E28011606000020A1B2DBF0${n}`;

/** The number a figure card shows ("1,234" / "1.234"). */
const figure = (page: Page, testId: string) => page.locator(`[data-testid=${testId}-value]`).textContent().then((s) => Number((s ?? '').replace(/[^\d]/g, '')));

/**
 * The dashboard in Chromium: its figures are those of the API; a gate pass nobody let out and a reader
 * going offline change the open dashboard without a reload; a user without the alert report sees
 * neither the alert figures nor their links; the wall screen hides the menus. Screenshots in both
 * languages, light and dark, at 1440 and 1024 px.
 */
describe('the dashboard in Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let admin: string;
  let gate: SimulatedReader;
  let handheld: SimulatedReader;

  const leave = () => Promise.all([gate, handheld].map((reader) => reader?.leave('goodbye').catch(() => {})));
  browserSuite({ config: { mqttWebSocket: true }, teardown: leave }, async (suite) => {
    ({ t, base, browser } = suite);
    admin = await t.adminToken();
    const c = await createCatalogues(t, admin);
    const sample = await createSample(t, admin, sampleBody(c, { sampleCode: 'DASH-S1', name: 'Giày mẫu' }));
    await createSample(t, admin, sampleBody(c, { sampleCode: 'DASH-S2', name: 'Dép mẫu' }, 1));
    await t.api(admin).post('/api/rfid-tags').send({ codes: [TAG] }).expect(201);
    await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: TAG, sampleId: sample.id }).expect(200);
    const ws = `${base.replace('http', 'ws')}/mqtt`;
    const connect = async (code: string, kind: 'GATE' | 'HANDHELD') => {
      const created = (await t.api(admin).post('/api/readers').send({ code, name: `Đầu đọc ${code}`, kind, format: 'ZEBRA', operatingMode: 'AUTOMATIC', antennas: [{ port: 1, power: 27 }] }).expect(201)).body;
      return SimulatedReader.connect({ url: ws, code: created.credentials.username, password: created.credentials.password, format: 'ZEBRA', topics: created.reader.topics, heartbeatSeconds: 0 });
    };
    gate = await connect('DASH-GATE', 'GATE');
    handheld = await connect('DASH-HH', 'HANDHELD');
    const viewers = (await t.api(admin).post('/api/user-groups').send({ name: 'Xem bảng', permissions: [P.DASHBOARD, P.SAMPLE_MANAGEMENT_SAMPLE_LIST, P.SECURITY_GATE_LOG_LIST] }).expect(201)).body.id;
    await t.api(admin).post('/api/users').send({ username: 'dash.viewer', password: 'secret1', fullName: 'Người xem', groupId: viewers }).expect(201);
  });

  const apiView = async (): Promise<DashboardView> => (await t.api(admin).get('/api/dashboard?days=7').set('x-time-zone', 'Asia/Ho_Chi_Minh').expect(200)).body;

  it('the figures are the API’s; a pass nobody let out and a reader going offline change it without a reload; the wall screen', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'Asia/Ho_Chi_Minh' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signIn(page, base, 'admin', ADMIN_PASSWORD, 'en');
    await page.goto(`${base}/`);
    await page.waitForSelector('[data-testid=fig-samples]');
    const view = await apiView();
    assert.equal(await figure(page, 'fig-samples'), view.samples!.total);
    assert.equal(await figure(page, 'fig-readers'), view.readers!.online);
    assert.equal(await figure(page, 'fig-active-alerts'), view.activeAlerts);
    assert.equal(await page.getAttribute('[data-testid=fig-samples-linked]', 'href'), '/sample-management/sample-list?linked=true');
    await page.waitForSelector('[data-testid=chart-links] .recharts-surface');

    // a pass of a tag nobody registered: an alert, on the open dashboard within the pushes
    const alertsBefore = view.activeAlerts!;
    await gatePass(gate, [UNKNOWN(1)]);
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid=fig-active-alerts-value]')?.textContent?.replace(/[^\d]/g, '')) === n + 1, alertsBefore);
    await page.waitForSelector(`[data-testid=latest-alert]:has-text("${UNKNOWN(1)}"), [data-testid=latest-pass]:has-text("${UNKNOWN(1)}")`);
    assert.equal(await figure(page, 'fig-today-passes'), (await apiView()).today.gatePasses);

    // a reader leaving: named among the offline ones without a reload
    const online = await figure(page, 'fig-readers');
    await handheld.leave('goodbye');
    await page.waitForSelector('[data-testid=offline-reader]:has-text("DASH-HH")');
    assert.equal(await figure(page, 'fig-readers'), online - 1);

    await page.click('[data-testid=span-30]');
    await page.waitForURL(/days=30/);
    await page.waitForSelector('[data-testid=chart-alerts] .recharts-surface');

    await page.click('[data-testid=wall-enter]');
    await page.waitForURL(/wall=1/);
    await page.waitForFunction(() => document.body.classList.contains('wall-screen'));
    assert.equal(await page.locator('.app-sidebar-wrap').isVisible(), false, 'no menus on the wall screen');
    await screenshot(page, 'dashboard-wall-en');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.body.classList.contains('wall-screen'));
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('a user without the alert report sees neither the alert figures nor their links', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, base, 'dash.viewer', 'secret1', 'vi');
    await page.goto(`${base}/`);
    await page.waitForSelector('[data-testid=fig-samples]');
    await page.waitForSelector('[data-testid=fig-today-passes]');
    assert.equal(await page.locator('[data-testid=fig-active-alerts], [data-testid=latest-alerts], [data-testid=chart-alerts], [data-testid=fig-readers]').count(), 0);
    assert.equal(await page.locator('a[href^="/report/alert-report"]').count(), 0);
    await context.close();
  });

  for (const width of [1440, 1024]) {
    for (const lng of ['vi', 'en'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        it(`screenshot: ${lng}, ${theme}, ${width} px`, async () => {
          const context = await browser.newContext({ viewport: { width, height: 1000 } });
          const page = await context.newPage();
          await signIn(page, base, 'admin', ADMIN_PASSWORD, lng);
          await page.evaluate((th) => localStorage.setItem('rfid.settings', JSON.stringify({ theme: th })), theme);
          await page.goto(`${base}/`);
          await page.waitForSelector('[data-testid=chart-links] .recharts-surface');
          assert.equal(await page.evaluate(() => document.body.classList.contains('dark')), theme === 'dark');
          await screenshot(page, `dashboard-${lng}-${theme}-${width}`);
          await context.close();
        });
      }
    }
  }
});
