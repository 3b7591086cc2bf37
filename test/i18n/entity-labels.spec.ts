import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { SAMPLE_FIELDS, type EntityFields } from '@rfid/contracts';

const dir = new URL('../../../frontend/public/locales/', import.meta.url);
const TABLES: Record<string, EntityFields> = { samples: SAMPLE_FIELDS };

/** The translation at a dotted key path, if any. */
function lookup(translations: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), translations);
}

describe('entity field labels', () => {
  it("every field table's labels, and each enum value's label, exist in Vietnamese and English", () => {
    for (const language of ['vi', 'en']) {
      const translations = JSON.parse(fs.readFileSync(new URL(`${language}/translation.json`, dir), 'utf8')) as Record<string, unknown>;
      for (const [entity, fields] of Object.entries(TABLES)) {
        const keys = Object.values(fields).flatMap((f) => [f.label, ...(f.kind === 'enum' ? f.values.map((v) => `${f.label}_${v}`) : [])]);
        const missing = keys.filter((k) => typeof lookup(translations, k) !== 'string');
        assert.deepEqual(missing, [], `${entity}, ${language}`);
      }
    }
  });
});
