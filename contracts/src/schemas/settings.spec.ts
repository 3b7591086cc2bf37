import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../limits.js';
import { PUBLIC_SETTING_KEYS, publicSettingsOf, publicSystemSettingsView, SYSTEM_SETTING_DEFAULTS, SYSTEM_SETTINGS, updateSystemSettingsRequest } from './settings.js';

describe('the system settings catalogue', () => {
  it("each default keeps its setting's own rule, and the defaults together make a valid change", () => {
    for (const [key, d] of Object.entries(SYSTEM_SETTINGS)) {
      if (d.kind === 'number') assert.ok(d.min <= d.default && d.default <= d.max, key);
      if (d.kind === 'choice') assert.ok((d.choices as readonly number[]).includes(d.default), key);
    }
    assert.deepEqual(updateSystemSettingsRequest.parse(SYSTEM_SETTING_DEFAULTS), SYSTEM_SETTING_DEFAULTS);
  });

  it("the page size is one of the SPEC's sizes, 10 unless changed; the product name a trimmed line of 1 to 50 characters", () => {
    assert.equal(SYSTEM_SETTING_DEFAULTS.defaultPageSize, DEFAULT_PAGE_SIZE);
    for (const size of PAGE_SIZES) assert.ok(updateSystemSettingsRequest.safeParse({ defaultPageSize: size }).success);
    assert.ok(!updateSystemSettingsRequest.safeParse({ defaultPageSize: 15 }).success);
    assert.deepEqual(updateSystemSettingsRequest.parse({ productName: '  ACME RFID ' }), { productName: 'ACME RFID' });
    for (const productName of ['   ', 'x'.repeat(51), 'a\u0000b', 7]) assert.ok(!updateSystemSettingsRequest.safeParse({ productName }).success, JSON.stringify(productName));
  });

  it('numbers are whole and within bounds; a setting the catalogue does not hold is refused', () => {
    for (const readDedupeWindowMs of [-1, 60_001, 2.5, '500', null]) assert.ok(!updateSystemSettingsRequest.safeParse({ readDedupeWindowMs }).success, String(readDedupeWindowMs));
    assert.ok(!updateSystemSettingsRequest.safeParse({ nope: 1 }).success);
  });

  it('the public part is what the screens show: the product name and the page size', () => {
    assert.deepEqual(PUBLIC_SETTING_KEYS, ['productName', 'defaultPageSize']);
    assert.deepEqual(publicSystemSettingsView.parse(publicSettingsOf(SYSTEM_SETTING_DEFAULTS)), { productName: 'RFID Back-office', defaultPageSize: 10 });
  });
});
