import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import {
  CATALOGUE_NAMES,
  catalogueNameResources,
  ERRORS,
  LANGUAGES,
  PRODUCT_FIELDS,
  SAMPLE_FIELDS,
  SYSTEM_SETTING_GROUPS,
  SYSTEM_SETTINGS,
  ENTITY_FIELD_TABLES,
  enumValueLabel,
  type EntityFields,
  type SheetFields,
  type Language,
} from '@rfid/contracts';

const dir = new URL('../../../frontend/public/locales/', import.meta.url);
const TABLES: Record<string, EntityFields> = ENTITY_FIELD_TABLES;
/** The tables kept in Excel sheets too: a reference there is named as its catalogue names its items. */
const SHEET_TABLES: Record<string, SheetFields> = { samples: SAMPLE_FIELDS, products: PRODUCT_FIELDS };

/** The translation files' texts, and the catalogues' names the app adds from contracts (catalogue:{key}.one). */
function translationsOf(language: Language): Record<string, unknown> {
  return { ...JSON.parse(fs.readFileSync(new URL(`${language}/translation.json`, dir), 'utf8')), 'catalogue:': catalogueNameResources(language) };
}

/** The translation at a key path ("samples.name", "catalogue:seasons.one"), if any. */
function lookup(translations: Record<string, unknown>, key: string): unknown {
  const [namespace, path] = key.includes(':') ? [`${key.split(':')[0]}:`, key.split(':')[1]!] : [undefined, key];
  const root = namespace ? translations[namespace] : translations;
  return path.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), root);
}

describe('entity field labels', () => {
  it("every field table's labels, and each enum value's label, exist in Vietnamese and English", () => {
    for (const language of LANGUAGES) {
      const translations = translationsOf(language);
      for (const [entity, fields] of Object.entries(TABLES)) {
        const keys = Object.values(fields).flatMap((f) => [f.label, ...(f.kind === 'enum' ? f.values.map((v) => enumValueLabel(f, v)) : [])]);
        const missing = keys.filter((k) => typeof lookup(translations, k) !== 'string');
        assert.deepEqual(missing, [], `${entity}, ${language}`);
      }
    }
  });

  it("every system setting's label, its choices' labels, unit and group exist in Vietnamese and English", () => {
    for (const language of LANGUAGES) {
      const translations = translationsOf(language);
      const keys = [
        ...SYSTEM_SETTING_GROUPS.map((g) => `system_config.group.${g}`),
        ...Object.values(SYSTEM_SETTINGS).flatMap((d) => [
          d.label,
          ...(d.kind === 'choice' && 'labelled' in d ? d.choices.map((c) => `${d.label}_${c}`) : []),
          ...(d.kind === 'number' && 'unit' in d ? [`system_config.unit.${d.unit}`] : []),
        ]),
      ];
      assert.deepEqual(keys.filter((k) => typeof lookup(translations, k) !== 'string'), [], language);
    }
  });

  it('a reference to a catalogue is called what the catalogue calls its items: in the form, the Excel column and the error messages', () => {
    for (const language of LANGUAGES) {
      const translations = translationsOf(language);
      for (const f of Object.values(SHEET_TABLES).flatMap((fields) => Object.values(fields))) {
        if (f.kind !== 'reference') continue;
        const name = CATALOGUE_NAMES[f.catalogue][language].one;
        assert.equal(lookup(translations, f.label), name, `${f.catalogue}: the label, ${language}`);
        assert.equal(f.excel.header[language], name, `${f.catalogue}: the Excel column, ${language}`);
        for (const code of [f.blank, f.notFound, f.inactive]) {
          if (code) assert.ok(ERRORS[code][language].toLocaleLowerCase(language).includes(name.toLocaleLowerCase(language)), `${code} names "${name}": ${ERRORS[code][language]}`);
        }
      }
    }
    assert.equal(CATALOGUE_NAMES.customers.vi.one, 'Nhà cung cấp', 'the menu\'s name for the customer catalogue');
  });

  it('the inactive status cannot be read as the cancel button', () => {
    const vi = JSON.parse(fs.readFileSync(new URL('vi/translation.json', dir), 'utf8'));
    const en = JSON.parse(fs.readFileSync(new URL('en/translation.json', dir), 'utf8'));
    assert.equal(vi.master_data.status_INACTIVE, 'Ngừng hoạt động');
    assert.ok(!vi.master_data.status_INACTIVE.includes('Hủy') && !vi.common.cancel.includes(vi.master_data.status_INACTIVE));
    assert.equal(en.master_data.status_INACTIVE, 'Inactive', 'a season is inactive, not cancelled');
  });
});
