import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { TIME_ZONE_HEADER, type SampleView } from '@rfid/contracts';
import { binary, load } from './excel-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { createCatalogues, sampleBody } from './sample-fixtures.js';

/** An instant's wall-clock time in a zone, as a spreadsheet cell holds it (its UTC fields read it), by Intl's own formatting. */
function wallClock(iso: string, zone: string): Date {
  const local = new Date(iso).toLocaleString('sv-SE', { timeZone: zone }).replace(' ', 'T');
  return new Date(`${local}.${iso.slice(20, 23)}Z`);
}

/** Exports write the dates and times the screens show: in the user's time zone, which they name. */
describe('Excel exports in the time zone of the browser', () => {
  let { t, admin } = {} as SuiteApp;
  let sample: SampleView;
  const TAG = 'E28011700000020A1B2C3D77';
  suiteApp({}, (app) => ({ t, admin } = app));
  before(async () => {
    sample = (await t.api(admin).post('/api/samples').send(sampleBody(await createCatalogues(t, admin))).expect(201)).body;
    await t.api(admin).post('/api/rfid-tags').send({ codes: [TAG] }).expect(201);
    await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: TAG, sampleId: sample.id }).expect(200);
    sample = (await t.api(admin).get(`/api/samples/${sample.id}`).expect(200)).body;
  });

  const exported = async (path: string, zone?: string) => {
    let request = t.api(admin).get(path);
    if (zone) request = request.set(TIME_ZONE_HEADER, zone);
    const res = await request.buffer(true).parse(binary);
    assert.equal(res.status, 200, `${path} in ${zone}: ${res.status}`);
    return { sheet: (await load(res.body as Buffer)).worksheets[0]!, fileName: String(res.headers['content-disposition']) };
  };
  const lastCell = (sheet: Awaited<ReturnType<typeof exported>>['sheet'], row: number) => sheet.getRow(row).getCell(sheet.getRow(1).cellCount);

  it("the sample export writes local times in the browser's zone and names the zone in the header; UTC without one", async () => {
    const dayIn = (zone: string) => wallClock(new Date().toISOString(), zone).toISOString().slice(0, 10);
    // the file is named by the day it is made on there (the day before the export or after: midnight may pass between)
    const madeOn = [dayIn('Asia/Ho_Chi_Minh')];
    const hcm = await exported(`/api/samples/export?q=${sample.sampleCode}`, 'Asia/Ho_Chi_Minh');
    madeOn.push(dayIn('Asia/Ho_Chi_Minh'));
    const vi = await t.api(admin).get(`/api/samples/export?q=${sample.sampleCode}`).set(TIME_ZONE_HEADER, 'Asia/Saigon').set('accept-language', 'vi').buffer(true).parse(binary);
    const viSheet = (await load(vi.body as Buffer)).worksheets[0]!;
    assert.equal(lastCell(viSheet, 1).value, 'Ngày cập nhật (Giờ Đông Dương, GMT+7)', "the zone as a browser names it (Chromium says Asia/Saigon), in the user's words");
    assert.equal(lastCell(hcm.sheet, 1).value, 'Date updated (Indochina Time, GMT+7)');
    assert.deepEqual(lastCell(hcm.sheet, 2).value, wallClock(sample.updatedAt, 'Asia/Ho_Chi_Minh'));
    assert.equal((lastCell(hcm.sheet, 2).value as Date).getTime() - Date.parse(sample.updatedAt), 7 * 3600_000, 'Vietnam is UTC+7');
    assert.match(hcm.fileName, new RegExp(`samples-(${madeOn.join('|')})`));

    const york = await exported(`/api/samples/export?q=${sample.sampleCode}`, 'America/New_York');
    assert.equal(lastCell(york.sheet, 1).value, 'Date updated (Eastern Time)', 'a zone with summer time: no single offset');
    assert.deepEqual(lastCell(york.sheet, 2).value, wallClock(sample.updatedAt, 'America/New_York'));

    const utc = await exported(`/api/samples/export?q=${sample.sampleCode}`);
    assert.equal(lastCell(utc.sheet, 1).value, 'Date updated (UTC)');
    assert.deepEqual(lastCell(utc.sheet, 2).value, new Date(sample.updatedAt));
  });

  it('the tag export and both reports do the same', async () => {
    const tags = await exported(`/api/rfid-tags/export?q=${TAG}`, 'Asia/Ho_Chi_Minh');
    assert.equal(lastCell(tags.sheet, 1).value, 'Date updated (Indochina Time, GMT+7)');
    const tag = (await t.api(admin).get(`/api/rfid-tags/${TAG}`).expect(200)).body as { updatedAt: string };
    assert.deepEqual(lastCell(tags.sheet, 2).value, wallClock(tag.updatedAt, 'Asia/Ho_Chi_Minh'));

    const report = (await t.api(admin).get('/api/reports/linking').expect(200)).body as { data: { at: string }[] };
    const linking = await exported('/api/reports/linking/export', 'Asia/Ho_Chi_Minh');
    assert.equal(linking.sheet.getCell('A1').value, 'Time (Indochina Time, GMT+7)');
    assert.deepEqual(linking.sheet.getCell('A2').value, wallClock(report.data[0]!.at, 'Asia/Ho_Chi_Minh'));
    const unlink = await exported('/api/reports/unlink/export', 'Europe/Paris');
    assert.equal(unlink.sheet.getCell('A1').value, 'Time (Central European Time)');
  });

  it('a time zone that is none is refused with 400 TIME_ZONE_NOT_VALID, in the language asked', async () => {
    for (const zone of ['Mars/Olympus_Mons', '../../etc/passwd', 'Asia/Ho Chi Minh', 'x'.repeat(65)]) {
      const res = await t.api(admin).get('/api/samples/export').set(TIME_ZONE_HEADER, zone).set('accept-language', 'vi');
      assert.equal(res.status, 400, zone);
      assert.deepEqual([res.body.code, res.body.message], ['TIME_ZONE_NOT_VALID', 'Múi giờ không hợp lệ'], zone);
    }
    assert.equal((await t.api(admin).get('/api/reports/linking/export').set(TIME_ZONE_HEADER, 'Nowhere/Land')).body.code, 'TIME_ZONE_NOT_VALID');
  });
});
