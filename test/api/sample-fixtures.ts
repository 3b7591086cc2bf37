import assert from 'node:assert/strict';
import type { MasterDataKey, SampleView } from '@rfid/contracts';
import type { TestApp } from '@rfid/backend/testing/test-app';

/** The active items the sample tests reference: two of each catalogue, plus one inactive. */
export interface Catalogues {
  /** By catalogue: [first, second] active ids. */
  active: Record<MasterDataKey, [string, string]>;
  /** By catalogue: one inactive id. */
  inactive: Record<MasterDataKey, string>;
  /** Names by id. */
  names: Map<string, string>;
}

const CODE = (key: MasterDataKey, n: number | string) => (key === 'zones' ? `Z${key.slice(0, 3).toUpperCase()}${n}` : `${key.slice(0, 3)}-${n}`);

const NAMES: Record<MasterDataKey, [string, string, string]> = {
  seasons: ['Xuân Hè 2026', 'Thu Đông 2026', 'Mùa cũ 2020'],
  stages: ['Proto', 'Sản xuất', 'Giai đoạn cũ'],
  sizes: ['Cỡ 40', 'Cỡ 42', 'Cỡ cũ'],
  zones: ['Kho A', 'Kho B', 'Kho cũ'],
  categories: ['Giày chạy', 'Dép', 'Danh mục cũ'],
  customers: ['Công ty Á Đông', 'Nike VN', 'Khách cũ'],
  types: ['Mẫu phát triển', 'Mẫu bán hàng', 'Loại cũ'],
  genders: ['Nam', 'Nữ', 'Giới tính cũ'],
};

export async function createCatalogues(t: Pick<TestApp, 'api'>, token: string): Promise<Catalogues> {
  const active = {} as Catalogues['active'];
  const inactive = {} as Catalogues['inactive'];
  const names = new Map<string, string>();
  for (const key of Object.keys(NAMES) as MasterDataKey[]) {
    const ids: string[] = [];
    for (const [i, name] of NAMES[key].entries()) {
      const res = await t
        .api(token)
        .post(`/api/master-data/${key}`)
        .send({ code: CODE(key, i + 1), name, status: i === 2 ? 'INACTIVE' : 'ACTIVE' });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      ids.push(res.body.id);
      names.set(res.body.id, name);
    }
    active[key] = [ids[0]!, ids[1]!];
    inactive[key] = ids[2]!;
  }
  return { active, inactive, names };
}

/** A valid create body; `n` picks the first or second item of each catalogue. */
export function sampleBody(c: Catalogues, overrides: Record<string, unknown> = {}, n: 0 | 1 = 0): Record<string, unknown> {
  return {
    name: 'Giày chạy bộ nữ',
    modelName: 'Runner X',
    artNumber: 'ART-001',
    seasonId: c.active.seasons[n],
    stageId: c.active.stages[n],
    typeId: c.active.types[n],
    sizeId: c.active.sizes[n],
    genderId: c.active.genders[n],
    side: 'LEFT',
    color: 'Đỏ tươi',
    categoryId: c.active.categories[n],
    customerId: c.active.customers[n],
    currentZoneId: c.active.zones[n],
    ...overrides,
  };
}

export async function createSample(t: Pick<TestApp, 'api'>, token: string, body: Record<string, unknown>): Promise<SampleView> {
  const res = await t.api(token).post('/api/samples').send(body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as SampleView;
}
