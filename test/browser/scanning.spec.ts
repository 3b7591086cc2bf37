import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { P, type SampleView } from '@rfid/contracts';
import type { TestApp } from '@rfid/backend/testing/test-app';
import { createCatalogues, sampleBody } from '../api/sample-fixtures.js';
import { screenshot, signIn, browserSuite } from './browser.js';

const TAG_A = 'AB34000000000001';
const TAG_B = 'AB34000000000002';
const TAG_FREE = 'AB34000000000003';
const TAG_C = 'AB34000000000004';
const UNKNOWN_LINK = 'E28011606000020A1B2C0DD1';
const UNKNOWN = 'AB34FFFFFFFFFFFF';

/** What has the keyboard's focus: its name, or its test id. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.getAttribute('data-testid') ?? null);

/** A keyboard-wedge scanner: it types the code fast and ends with Enter, wherever the focus is. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** Tab until the focus is on `selector`, as a keyboard user does. */
async function tabTo(page: Page, selector: string, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 0; !(await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)); presses++) {
    if (presses > 30) throw new Error(`${key} never reaches ${selector}`);
    await page.keyboard.press(key);
  }
}

/** Linking and unlinking with a scanner and the keyboard alone, as the only permissions of the user. */
describe('link and unlink by keyboard and scanner, no mouse', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let admin: string;
  const samples: Record<string, SampleView> = {};
  browserSuite({}, async (suite) => {
    ({ t, base, browser } = suite);
    admin = await t.adminToken();
    const c = await createCatalogues(t, admin);
    for (const [key, code, name] of [
      ['a', 'SCAN-A', 'Scan runner Alpha'],
      ['b', 'SCAN-B', 'Scan runner Beta'],
      ['c', 'SCAN-C', 'Scan sandal Gamma'],
      ['d', 'SCAN-D', 'Scan boot Delta'],
    ] as const) {
      samples[key] = (await t.api(admin).post('/api/samples').send(sampleBody(c, { sampleCode: code, name })).expect(201)).body;
    }
    await t.api(admin).post('/api/rfid-tags').send({ codes: [TAG_A, TAG_B, TAG_FREE, TAG_C] }).expect(201);
    const groupId = (
      await t
        .api(admin)
        .post('/api/user-groups')
        .send({ name: 'Scanners', permissions: [P.SAMPLE_MANAGEMENT_RFID_LINKING_LINK, P.SAMPLE_MANAGEMENT_RFID_UNLINKING_UNLINK, P.SAMPLE_MANAGEMENT_RFID_CREATE] })
        .expect(201)
    ).body.id;
    await t.api(admin).post('/api/users').send({ username: 'scanner', password: 'secret1', fullName: 'Scanner', groupId }).expect(201);
  });

  /** The scanner user's page at `path`, once the field named `focus` has the keyboard's focus. */
  async function openAsScanner(path: string, lng: 'en' | 'vi', focus: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, base, 'scanner', 'secret1', lng);
    await page.goto(`${base}${path}`);
    await page.waitForFunction((name) => document.activeElement?.getAttribute('name') === name, focus);
    return page;
  }

  /** Waits until the samples found are these (by code, in order): the answer to the search as typed last. */
  const samplesFound = (page: Page, codes: string[]) =>
    page.waitForFunction(
      (wanted) => JSON.stringify(Array.from(document.querySelectorAll('#sample-results [role=option]')).map((o) => o.textContent?.slice(0, 6))) === JSON.stringify(wanted),
      codes,
    );

  it('link: type a search, ArrowDown and Enter choose a sample, the tag field has the focus for the scan; then the search has it again', async () => {
    const page = await openAsScanner('/sample-management/link', 'en', 'sampleSearch');
    await page.keyboard.type('scan runner');
    await samplesFound(page, ['SCAN-A', 'SCAN-B']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=chosen-sample]:has-text("SCAN-B")');
    assert.equal(await focused(page), 'tagCode', 'the first scan lands in the tag field');
    await scan(page, TAG_B);
    await page.waitForSelector(`.recent-links tr:has-text("${TAG_B}"):has-text("SCAN-B")`);
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'sampleSearch');
    await screenshot(page, 'en-link-keyboard');

    // the next one: Enter takes the first match; a failed link names the tag
    await page.keyboard.type('Alpha');
    await samplesFound(page, ['SCAN-A']);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=chosen-sample]:has-text("SCAN-A")');
    // after any answer: the field is empty and has the focus, one message says what happened and what to do next
    const answer = () => page.textContent('[data-testid=link-answer]');
    const fieldValue = () => page.inputValue('input[name=tagCode]');
    await scan(page, TAG_B);
    await page.waitForSelector(`[data-testid=link-answer]:has-text("${TAG_B}")`);
    assert.equal(await answer(), `Tag ${TAG_B} is linked to SCAN-B already. Unlink it there first (RFID unlinking), or scan another tag.`);
    assert.deepEqual([await focused(page), await fieldValue()], ['tagCode', ''], 'ready for the next scan');
    await scan(page, 'XYZ');
    await page.waitForSelector('[data-testid=link-answer]:has-text("XYZ is not a tag code")');
    assert.match((await answer()) ?? '', /Scan the tag again, or another one\.$/);
    assert.deepEqual([await fieldValue(), await page.locator('[role=alert]').count()], ['', 1], 'the bad code is not left in the field; one message, not two');
    await scan(page, TAG_A);
    await page.waitForSelector(`.recent-links tr:has-text("${TAG_A}"):has-text("SCAN-A")`);
    assert.equal(await answer(), `Tag ${TAG_A} linked to SCAN-A. Search for the next sample.`);

    // a tag nobody registered: registered and linked from the message, by whoever may register tags
    await page.keyboard.type('Delta');
    await samplesFound(page, ['SCAN-D']);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=chosen-sample]:has-text("SCAN-D")');
    await scan(page, UNKNOWN_LINK);
    await page.waitForSelector(`[data-testid=link-answer]:has-text("Tag ${UNKNOWN_LINK} is not registered. Register it and link it now, or scan another tag.")`);
    await screenshot(page, 'en-link-unregistered');
    await page.click('[data-testid=register-and-link]');
    await page.waitForSelector(`.recent-links tr:has-text("${UNKNOWN_LINK}"):has-text("SCAN-D")`);
    await page.context().close();
  });

  it('link: arriving from a sample\'s "link a tag", the sample is chosen and the first scan goes to the tag field', async () => {
    const page = await openAsScanner(`/sample-management/link?sampleId=${samples.c!.id}`, 'vi', 'tagCode');
    await page.waitForSelector('[data-testid=chosen-sample]:has-text("SCAN-C")');
    await scan(page, TAG_C);
    await page.waitForSelector(`.recent-links tr:has-text("${TAG_C}"):has-text("SCAN-C")`);
    await screenshot(page, 'vi-link-from-sample');
    await page.context().close();
  });

  it('unlink: each scan is checked at once (unknown and unlinked tags refused, naming them), each row shows its sample; a refused unlink names the tag', async () => {
    const page = await openAsScanner('/sample-management/unlink', 'en', 'tagCode');

    await scan(page, UNKNOWN);
    await page.waitForSelector(`[role=alert].link-error:has-text("Tag ${UNKNOWN} is not registered")`);
    await scan(page, TAG_FREE);
    await page.waitForSelector(`[role=alert].link-error:has-text("Tag ${TAG_FREE} is not linked to a sample")`);
    assert.equal(await page.locator('[data-testid=unlink-list]').count(), 0, 'neither went into the batch');

    await scan(page, TAG_A);
    await scan(page, TAG_B);
    // each scan is checked with its own request: both rows are waited for
    await page.waitForFunction((tags) => tags.every((tag) => document.querySelector(`[data-testid=unlink-list] tr[data-tag="${tag}"]`)), [TAG_A, TAG_B]);
    const rows = await page.locator('[data-testid=unlink-list] tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).slice(0, 3).map((td) => td.textContent)));
    assert.deepEqual(rows, [
      [TAG_A, 'SCAN-A', 'Scan runner Alpha'],
      [TAG_B, 'SCAN-B', 'Scan runner Beta'],
    ]);
    await scan(page, TAG_A);
    await page.waitForSelector(`[role=alert].link-error:has-text("Tag ${TAG_A} is in the list already")`);
    await screenshot(page, 'en-unlink-keyboard');

    // someone unlinks B meanwhile: the batch is refused, and the message names B
    await t.api(admin).post('/api/rfid-tags/unlink').send({ tagCodes: [TAG_B] }).expect(200);
    await tabTo(page, '#unlink-reason');
    await page.keyboard.type('worn out');
    await tabTo(page, '[data-testid=unlink-submit]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'confirm-ok');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`[role=alert].link-error:has-text("Tag ${TAG_B}: The tag is not linked to a sample")`);

    // take B out of the batch with the keyboard, and unlink the rest (once the confirmation has gone:
    // while it fades out it keeps the focus)
    await page.waitForSelector('.bp6-dialog-container', { state: 'detached' });
    await tabTo(page, `tr[data-tag="${TAG_B}"] button`, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`tr[data-tag="${TAG_B}"]`, { state: 'detached' });
    await tabTo(page, '[data-testid=unlink-submit]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'confirm-ok');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=unlink-list]', { state: 'detached' });
    const tagA = (await t.api(admin).get(`/api/rfid-tags/${TAG_A}`).expect(200)).body;
    assert.equal(tagA.state, 'UNLINK');
    await page.context().close();
  });
});
