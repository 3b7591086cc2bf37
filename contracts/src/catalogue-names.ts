import type { Language } from './notification-messages.js';

/** The eight master-data catalogues, by the segment of their API path `/api/master-data/{key}`. */
export const MASTER_DATA_KEYS = ['seasons', 'stages', 'sizes', 'zones', 'categories', 'customers', 'types', 'genders'] as const;
export type MasterDataKey = (typeof MASTER_DATA_KEYS)[number];

/** What a catalogue is called in one language: `one` names an item (a sample's field), `many` the catalogue (its menu entry and page). */
export interface CatalogueName {
  one: string;
  many: string;
}

/**
 * What each master-data catalogue is called, in Vietnamese and English, in one place: the menu, the
 * catalogue's page and dialogs, a sample's form, list and detail, the reports, the Excel files and
 * the error messages all read it, so the customer catalogue is "Nhà cung cấp" / "Supplier" everywhere.
 * (This module imports nothing at run time: the error catalogue builds its messages from it.)
 */
export const CATALOGUE_NAMES = {
  seasons: { vi: { one: 'Mùa', many: 'Mùa' }, en: { one: 'Season', many: 'Seasons' } },
  stages: { vi: { one: 'Giai đoạn', many: 'Giai đoạn' }, en: { one: 'Stage', many: 'Stages' } },
  sizes: { vi: { one: 'Kích cỡ', many: 'Kích cỡ' }, en: { one: 'Size', many: 'Sizes' } },
  zones: { vi: { one: 'Vị trí', many: 'Vị trí (khu vực)' }, en: { one: 'Location', many: 'Locations (zones)' } },
  categories: { vi: { one: 'Danh mục hàng', many: 'Danh mục hàng' }, en: { one: 'Category', many: 'Categories' } },
  customers: { vi: { one: 'Nhà cung cấp', many: 'Nhà cung cấp' }, en: { one: 'Supplier', many: 'Suppliers' } },
  types: { vi: { one: 'Loại', many: 'Loại' }, en: { one: 'Type', many: 'Types' } },
  genders: { vi: { one: 'Giới tính', many: 'Giới tính' }, en: { one: 'Gender', many: 'Genders' } },
} as const satisfies Record<MasterDataKey, Record<Language, CatalogueName>>;

/** An item's name in both languages (an Excel column's header). */
export function catalogueItemName(key: MasterDataKey): Record<Language, string> {
  return { vi: CATALOGUE_NAMES[key].vi.one, en: CATALOGUE_NAMES[key].en.one };
}

/** An item's name inside a sentence ("Thêm nhà cung cấp", "Add supplier"). */
export function catalogueNoun(key: MasterDataKey, language: Language): string {
  return CATALOGUE_NAMES[key][language].one.toLocaleLowerCase(language);
}

/**
 * The names as the browser's `catalogue` translation namespace for one language: the keys
 * `catalogue:{key}.one`, `.many` and `.noun` (the name inside a sentence).
 */
export function catalogueNameResources(language: Language): Record<MasterDataKey, CatalogueName & { noun: string }> {
  const keys = Object.keys(CATALOGUE_NAMES) as MasterDataKey[];
  return Object.fromEntries(keys.map((k) => [k, { ...CATALOGUE_NAMES[k][language], noun: catalogueNoun(k, language) }])) as Record<MasterDataKey, CatalogueName & { noun: string }>;
}
