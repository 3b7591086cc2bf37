import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { ImportRowError, PermissionCode, ProductView, SystemLogEntry } from '@rfid/contracts';
import { productUnitsOfEpcs } from '@rfid/backend/modules/products/products.public';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import { sql } from 'kysely';
import { XLSX, binary, dataRows, load, sheetOf } from './excel-fixtures.js';
import { assertEachCallNeeds } from './permission-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';

const HEADER = ['Product code', 'Name', 'Unit', 'Quantity per box', 'Supplier', 'GTIN'];

// GS1's worked example (EPC Tag Data Standard): urn:epc:id:sgtin:0614141.812345.6789, filter 3, is
// the SGTIN-96 EPC 3074257BF7194E4000001A85, whose GTIN is 80614141123458.
const EXAMPLE_EPC = '3074257BF7194E4000001A85';
const EXAMPLE_GTIN = '80614141123458';
/** The same GTIN, another serial (6790): the EPC of another unit of the product. */
const EXAMPLE_EPC_2 = '3074257BF7194E4000001A86';

describe('products over HTTP', () => {
  let { t, admin, c } = {} as SuiteApp;
  suiteApp({ catalogues: true }, (app) => ({ t, admin, c } = app));

  const body = (overrides: Record<string, unknown> = {}) => ({ name: 'Áo thun cổ tròn', unit: 'pcs', quantityPerBox: 12, supplierId: c.active.customers[0], gtin: null, ...overrides });
  const post = (b: object, token = admin) => t.api(token).post('/api/products').send(b);
  const create = async (b: object): Promise<ProductView> => {
    const res = await post(b);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as ProductView;
  };
  const list = async (query: string) => (await t.api(admin).get(`/api/products?${query}`).expect(200)).body as { data: ProductView[]; total: number };
  const codes = async (query: string) => (await list(query)).data.map((p) => p.code);

  it('create: the system makes the code (PR and six digits), an ACTIVE product with the supplier named; the detail gives the same', async () => {
    const p = await create(body({ gtin: '4006381333931', unit: '  ' }));
    assert.match(p.code, /^PR\d{6}$/);
    assert.deepEqual(
      { name: p.name, unit: p.unit, quantityPerBox: p.quantityPerBox, supplierName: p.supplierName, gtin: p.gtin, status: p.status, version: p.version },
      { name: 'Áo thun cổ tròn', unit: null, quantityPerBox: 12, supplierName: 'Công ty Á Đông', gtin: '04006381333931', status: 'ACTIVE', version: 1 },
    );
    assert.deepEqual((await t.api(admin).get(`/api/products/${p.id}`).expect(200)).body, p);
    const bare = await create({ name: 'Hộp' });
    assert.deepEqual([bare.quantityPerBox, bare.supplierId, bare.gtin, bare.unit], [1, null, null, null], 'quantity per box defaults to 1');
    assert.equal(Number(bare.code.slice(2)), Number(p.code.slice(2)) + 1);
    assert.equal((await t.api(admin).get(`/api/products/${randomUUID()}`)).body.code, 'PRODUCT_NOT_FOUND');
  });

  it('a code given is kept upper-case and unique (PRODUCT_EXISTS); name, quantity per box and supplier rules answer their codes', async () => {
    assert.equal((await create(body({ code: ' ao-01 ' }))).code, 'AO-01');
    const dup = await post(body({ code: 'Ao-01' }));
    assert.deepEqual([dup.status, dup.body.code], [409, 'PRODUCT_EXISTS']);
    const vi = await t.api(admin).post('/api/products').set('accept-language', 'vi').send(body({ code: 'AO-01' }));
    assert.equal(vi.body.message, 'Sản phẩm đã tồn tại');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'NAME_MUST_BE_NOT_BLANK', 'name'],
      [{ name: 'x'.repeat(51) }, 'BAD_REQUEST_ERROR', 'name'],
      [{ quantityPerBox: 0 }, 'QUANTITY_PER_BOX_NOT_VALID', 'quantityPerBox'],
      [{ quantityPerBox: 2.5 }, 'QUANTITY_PER_BOX_NOT_VALID', 'quantityPerBox'],
      [{ quantityPerBox: 'twelve' }, 'QUANTITY_PER_BOX_NOT_VALID', 'quantityPerBox'],
      [{ supplierId: randomUUID() }, 'CUSTOMER_NOT_FOUND', 'supplierId'],
      [{ supplierId: c.active.seasons[0] }, 'CUSTOMER_NOT_FOUND', 'supplierId'],
      [{ supplierId: c.inactive.customers }, 'CUSTOMER_NOT_FOUND_OR_INACTIVE', 'supplierId'],
      [{ code: 'mã có dấu' }, 'BAD_REQUEST_ERROR', 'code'],
    ];
    for (const [overrides, code, field] of cases) {
      const res = await post(body(overrides));
      assert.equal(res.status, 400, JSON.stringify(overrides));
      assert.equal(res.body.code, code, `${JSON.stringify(overrides)}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.details[0].field, field);
    }
    assert.equal((await create(body({ quantityPerBox: '24' }))).quantityPerBox, 24, 'a number typed as text');
  });

  it('GTIN: 8, 12, 13 or 14 digits with a valid check digit, stored as 14 digits, unique among products (GTIN_EXISTS)', async () => {
    for (const [given, stored] of [
      ['96385074', '00000096385074'],
      ['036000291452', '00036000291452'],
      ['10614141000033', '10614141000033'],
    ]) {
      assert.equal((await create(body({ gtin: given }))).gtin, stored, given);
    }
    for (const wrong of ['4006381333932', '1234567', '400638133393A', '123456789012345']) {
      const res = await post(body({ gtin: wrong }));
      assert.deepEqual([res.status, res.body.code, res.body.details?.[0]?.field], [400, 'GTIN_NOT_VALID', 'gtin'], wrong);
    }
    // the same GTIN written as GTIN-12 and as GTIN-14
    const dup = await post(body({ gtin: '00036000291452' }));
    assert.deepEqual([dup.status, dup.body.code], [409, 'GTIN_EXISTS']);
  });

  it('list: search without accents or case over code, name and GTIN; filters by status and supplier; sorts in Vietnamese order; pages', async () => {
    const names = ['Đèn pin LST', 'Áo khoác LST', 'Xe đạp LST', 'ao mua LST', 'Bình nước LST'];
    const made: ProductView[] = [];
    for (const [i, name] of names.entries()) made.push(await create(body({ code: `LST-${i}`, name, supplierId: c.active.customers[i % 2], quantityPerBox: 10 - i })));
    assert.deepEqual(await codes('q=den pin'), ['LST-0'], 'đ as d, no accents');
    assert.deepEqual((await codes('q=AO&sort=code:asc')).filter((x) => x.startsWith('LST')), ['LST-1', 'LST-3']);
    assert.deepEqual(await codes('q=lst&sort=name:asc'), ['LST-1', 'LST-3', 'LST-4', 'LST-0', 'LST-2'], 'letters before accents: áo k, ao m, b, đ, x');
    assert.deepEqual(await codes('q=lst&sort=quantityPerBox:asc'), ['LST-4', 'LST-3', 'LST-2', 'LST-1', 'LST-0']);
    assert.deepEqual(await codes(`q=lst&supplierId=${c.active.customers[1]}&sort=code:asc`), ['LST-1', 'LST-3']);
    await t.api(admin).post(`/api/products/${made[2]!.id}/deactivate`).expect(200);
    assert.deepEqual(await codes('q=lst&status=INACTIVE'), ['LST-2']);
    assert.deepEqual(await codes('q=lst&status=ACTIVE&sort=code:desc'), ['LST-4', 'LST-3', 'LST-1', 'LST-0']);
    const page = await list('q=lst&sort=code:asc&page=2&size=10');
    assert.deepEqual([page.total, page.data.length], [5, 0]);
    assert.deepEqual(await codes('q=0036000291452'), [(await list('q=036000291452')).data[0]!.code], 'found by its GTIN');
    assert.equal((await t.api(admin).get('/api/products?sort=unit:asc')).status, 400, 'unit is not sortable');
  });

  it('update replaces the fields (an absent code keeps it) and refuses a stale version; deactivate and activate', async () => {
    const p = await create(body({ code: 'UPD-1', gtin: '12345670' }));
    const res = await t.api(admin).put(`/api/products/${p.id}?expectedVersion=1`).send(body({ name: 'Áo mới', quantityPerBox: 6 })).expect(200);
    assert.deepEqual([res.body.code, res.body.name, res.body.quantityPerBox, res.body.gtin, res.body.version], ['UPD-1', 'Áo mới', 6, null, 2]);
    const stale = await t.api(admin).put(`/api/products/${p.id}?expectedVersion=1`).send(body({ name: 'Cũ' }));
    assert.deepEqual([stale.status, stale.body.code], [409, 'CONCURRENCY_CONFLICT']);
    const off = await t.api(admin).post(`/api/products/${p.id}/deactivate`).expect(200);
    assert.deepEqual([off.body.status, off.body.version], ['INACTIVE', 3]);
    await t.api(admin).post(`/api/products/${p.id}/deactivate`).expect(200);
    assert.equal((await t.api(admin).get(`/api/products/${p.id}`).expect(200)).body.version, 3, 'deactivating twice changes nothing');
    const edited = await t.api(admin).put(`/api/products/${p.id}`).send(body({ name: 'Áo mới 2' })).expect(200);
    assert.equal(edited.body.status, 'INACTIVE', 'an update keeps the status');
    assert.equal((await t.api(admin).post(`/api/products/${p.id}/activate`).expect(200)).body.status, 'ACTIVE');
    assert.equal((await t.api(admin).post(`/api/products/${randomUUID()}/activate`)).body.code, 'PRODUCT_NOT_FOUND');
  });

  it('tags linked to products (UNIT and BOX) and SGTIN-96 EPCs of an active product GTIN are product units; nothing else is', async () => {
    const boxed = await create(body({ code: 'BOX-12', quantityPerBox: 12 }));
    const byGtin = await create(body({ code: 'SGTIN-1', gtin: EXAMPLE_GTIN }));
    const retired = await create(body({ code: 'RETIRED', gtin: '00012345600012' }));
    await t.api(admin).post(`/api/products/${retired.id}/deactivate`).expect(200);
    const unitTag = 'E2000000000000000000A001';
    const boxTag = 'E2000000000000000000A002';
    const sampleTag = 'E2000000000000000000A003';
    await t.api(admin).post('/api/rfid-tags').send({ codes: [unitTag, boxTag, sampleTag, EXAMPLE_EPC_2] }).expect(201);
    const link = (tagCode: string, productId: string, box?: boolean, token = admin) => t.api(token).post('/api/rfid-tags/link-product').send({ tagCode, productId, box });
    assert.deepEqual((await link(unitTag.toLowerCase(), boxed.id)).body, { tagCode: unitTag, productId: boxed.id, productCode: 'BOX-12', box: false });
    assert.equal((await link(boxTag, boxed.id, true)).status, 200);
    // the tag screens say which product a tag is linked to, and as what
    assert.deepEqual((await t.api(admin).get(`/api/rfid-tags/${boxTag}`).expect(200)).body.product, { id: boxed.id, code: 'BOX-12', box: true });
    assert.deepEqual((await t.api(admin).get(`/api/rfid-tags/lookup/${unitTag}`).expect(200)).body.product, { id: boxed.id, code: 'BOX-12', box: false });
    const listed = (await t.api(admin).get('/api/rfid-tags?q=box-12&size=50').expect(200)).body.data as { code: string; product?: unknown }[];
    assert.deepEqual(
      listed.filter((tag) => tag.product).map((tag) => tag.code).sort(),
      [unitTag, boxTag],
      'found by the product code',
    );
    assert.equal(listed.length, 2);
    const again = await link(unitTag, byGtin.id);
    assert.deepEqual([again.status, again.body.code], [409, 'TAG_LINKED'], 'one thing per tag');
    assert.equal((await link(sampleTag, retired.id)).body.code, 'PRODUCT_NOT_FOUND', 'an inactive product takes no tag');
    assert.equal((await link(sampleTag, randomUUID())).body.code, 'PRODUCT_NOT_FOUND');
    assert.equal((await link('E2000000000000000000FFFF', boxed.id)).body.code, 'NOT_FOUND');
    // a tag linked to a product is linked: a sample cannot have it
    const sample = await t
      .api(admin)
      .post('/api/samples')
      .send({ name: 'Mẫu', modelName: 'M', artNumber: 'A', seasonId: c.active.seasons[0], sizeId: c.active.sizes[0], categoryId: c.active.categories[0], customerId: c.active.customers[0] })
      .expect(201);
    assert.equal((await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: boxTag, sampleId: sample.body.id })).body.code, 'TAG_LINKED');
    await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: sampleTag, sampleId: sample.body.id }).expect(200);
    assert.equal((await link(sampleTag, boxed.id)).body.code, 'TAG_LINKED', 'a tag linked to a sample cannot be linked to a product');

    const retiredEpc = sgtinOf('00012345600012');
    const units = await productUnitsOfEpcs(t.platform.db, [unitTag, boxTag, EXAMPLE_EPC, EXAMPLE_EPC_2.toLowerCase(), retiredEpc, sampleTag, 'E2000000000000000000BEEF']);
    assert.deepEqual(Object.fromEntries(units), {
      [unitTag]: { productId: boxed.id, productCode: 'BOX-12', units: 1, via: 'link' },
      [boxTag]: { productId: boxed.id, productCode: 'BOX-12', units: 12, via: 'link' },
      [EXAMPLE_EPC]: { productId: byGtin.id, productCode: 'SGTIN-1', units: 1, via: 'gtin' },
      [EXAMPLE_EPC_2.toLowerCase()]: { productId: byGtin.id, productCode: 'SGTIN-1', units: 1, via: 'gtin' },
    });
    await t.api(admin).post(`/api/products/${retired.id}/activate`).expect(200);
    assert.equal((await productUnitsOfEpcs(t.platform.db, [retiredEpc])).get(retiredEpc)?.productCode, 'RETIRED', 'active again, its GTIN identifies');

    // unlinked through the unlink route; the tag is free for another product
    await t.api(admin).post('/api/rfid-tags/unlink').send({ tagCodes: [boxTag], reason: 'hỏng' }).expect(200);
    assert.equal((await productUnitsOfEpcs(t.platform.db, [boxTag])).size, 0);
    assert.equal((await t.api(admin).get(`/api/rfid-tags/${boxTag}`).expect(200)).body.product, undefined);
    assert.deepEqual(((await t.api(admin).get('/api/rfid-tags?q=box-12').expect(200)).body.data as { code: string }[]).map((tag) => tag.code), [unitTag]);
    assert.equal((await link(boxTag, byGtin.id, true)).status, 200);
    assert.deepEqual((await productUnitsOfEpcs(t.platform.db, [boxTag])).get(boxTag), { productId: byGtin.id, productCode: 'SGTIN-1', units: 12, via: 'link' });

    // linking needs the linking permission
    const group = await t.api(admin).post('/api/user-groups').send({ name: 'Kho sản phẩm', permissions: ['SAMPLE_MANAGEMENT_PRODUCT_LIST'] }).expect(201);
    await t.api(admin).post('/api/users').send({ username: 'linker', password: 'secret1', fullName: 'Linker', groupId: group.body.id }).expect(201);
    const clerk = await t.login('linker', 'secret1');
    assert.equal((await link(unitTag, boxed.id, false, clerk)).status, 403);
  });

  it('each product route needs its own permission', async () => {
    const group = await t.api(admin).post('/api/user-groups').send({ name: 'Sản phẩm', permissions: [] }).expect(201);
    await t.api(admin).post('/api/users').send({ username: 'producer', password: 'secret1', fullName: 'Producer', groupId: group.body.id }).expect(201);
    const clerk = await t.login('producer', 'secret1');
    const grant = (permissions: PermissionCode[]) => t.api(admin).put(`/api/user-groups/${group.body.id}/permissions`).send({ permissions }).expect(200);
    const p = await create(body({ code: 'PERM-1' }));
    const calls = {
      list: () => t.api(clerk).get('/api/products'),
      export: () => t.api(clerk).get('/api/products/export'),
      detail: () => t.api(clerk).get(`/api/products/${p.id}`),
      create: () => t.api(clerk).post('/api/products').send(body()),
      template: () => t.api(clerk).get('/api/products/template'),
      import: () => t.api(clerk).post('/api/products/import'),
      update: () => t.api(clerk).put(`/api/products/${p.id}`).send(body({ code: 'PERM-1', name: 'Khác' })),
      deactivate: () => t.api(clerk).post(`/api/products/${p.id}/deactivate`),
      activate: () => t.api(clerk).post(`/api/products/${p.id}/activate`),
    };
    const needs: Record<keyof typeof calls, PermissionCode> = {
      list: 'SAMPLE_MANAGEMENT_PRODUCT_LIST',
      export: 'SAMPLE_MANAGEMENT_PRODUCT_LIST',
      detail: 'SAMPLE_MANAGEMENT_PRODUCT_DETAIL',
      create: 'SAMPLE_MANAGEMENT_PRODUCT_CREATE',
      template: 'SAMPLE_MANAGEMENT_PRODUCT_CREATE',
      import: 'SAMPLE_MANAGEMENT_PRODUCT_CREATE',
      update: 'SAMPLE_MANAGEMENT_PRODUCT_UPDATE',
      deactivate: 'SAMPLE_MANAGEMENT_PRODUCT_DELETE',
      activate: 'SAMPLE_MANAGEMENT_PRODUCT_DELETE',
    };
    await assertEachCallNeeds(calls, needs, grant);
  });

  it('the system log names a product by its code and says what happened in both languages; the OpenAPI document has every route', async () => {
    const p = await create(body({ code: 'LOG-1', name: 'Khăn', unit: 'cái', quantityPerBox: 6, gtin: '8934567890168' }));
    await t.api(admin).post(`/api/products/${p.id}/deactivate`).expect(200);
    const entries = async (language: string) =>
      ((await t.api(admin).get('/api/system-logs?size=50').set('accept-language', language).expect(200)).body.data as SystemLogEntry[])
        .filter((e) => e.streamId === `product-${p.id}`)
        .map((e) => [e.record.kind, e.record.name, e.actionLabel, e.summary]);
    assert.deepEqual(await entries('vi'), [
      ['Sản phẩm', 'LOG-1', 'Ngừng sản phẩm', ''],
      ['Sản phẩm', 'LOG-1', 'Tạo sản phẩm', 'Khăn, đơn vị cái, 6 mỗi thùng, GTIN 08934567890168'],
    ]);
    assert.deepEqual((await entries('en'))[1], ['Product', 'LOG-1', 'Product created', 'Khăn, unit cái, 6 per box, GTIN 08934567890168']);
    const doc = (await t.api().get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    for (const path of ['/api/products', '/api/products/template', '/api/products/export', '/api/products/import', '/api/products/{id}', '/api/products/{id}/deactivate', '/api/products/{id}/activate', '/api/rfid-tags/link-product']) {
      assert.ok(doc.paths[path], path);
    }
  });

  describe('Excel', () => {
    const download = async (path: string, language = 'en') => {
      const res = await t.api(admin).get(path).set('accept-language', language).buffer(true).parse(binary);
      assert.equal(res.status, 200, `${path}: ${res.status}`);
      assert.equal(res.headers['content-type'], XLSX);
      return res.body as Buffer;
    };
    const upload = (bytes: Buffer, language = 'en') => t.api(admin).post('/api/products/import').set('accept-language', language).attach('file', bytes, 'products.xlsx');

    it('the template: the header in the asked language, the active suppliers as a drop-down', async () => {
      const wb = await load(await download('/api/products/template'));
      assert.deepEqual((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1), HEADER);
      const lists = wb.getWorksheet('Lists')!;
      const offered: unknown[] = [];
      for (let r = 1; lists.getCell(`A${r}`).value !== null; r++) offered.push(lists.getCell(`A${r}`).value);
      assert.deepEqual(offered.sort(), ['Công ty Á Đông', 'Nike VN'], 'the inactive supplier is not offered');
      const vi = await load(await download('/api/products/template', 'vi'));
      assert.equal(vi.worksheets[0]!.name, 'Sản phẩm');
      assert.deepEqual((vi.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 3), ['Mã sản phẩm', 'Tên sản phẩm']);
    });

    it('round trip: rows imported in one go, exported as they were; an export imported again (new codes) gives the same products', async () => {
      const rows = [
        ['XL-1', 'Nón lá XL', 'cái', '10', 'Nike VN', '8934567890120'],
        [null, 'Quạt giấy XL', null, null, 'cus-1', null],
        ['xl-3', 'Túi vải XL', 'túi', '5', null, '76543210'],
      ];
      const res = await upload(await sheetOf(HEADER, rows));
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.deepEqual(res.body, { created: 3 });
      const exported = dataRows(await load(await download('/api/products/export?q=xl&sort=name:asc')), 8);
      const made = (await list('q=quat giay')).data[0]!.code;
      assert.match(made, /^PR\d{6}$/);
      assert.deepEqual(
        exported.map((r) => r.slice(0, 7)),
        [
          ['XL-1', 'Nón lá XL', 'cái', 10, 'Nike VN', '08934567890120', 'ACTIVE'],
          [made, 'Quạt giấy XL', null, 1, 'Công ty Á Đông', null, 'ACTIVE'],
          ['XL-3', 'Túi vải XL', 'túi', 5, null, '00000076543210', 'ACTIVE'],
        ],
      );
      // the export's own file, codes and GTINs changed, imports as it is
      const again = exported.map((r) => [`${r[0]}-B`, `${r[1]} B`, r[2], String(r[3]), r[4], null] as (string | null)[]);
      assert.deepEqual((await upload(await sheetOf(HEADER, again))).body, { created: 3 });
      assert.equal((await list('q=xl b')).total, 3);
    });

    it('a file with one wrong row writes nothing and names every wrong cell', async () => {
      const before = (await list('')).total;
      const rows = [
        ['BAD-1', 'Đúng', 'cái', '2', 'Nike VN', '8934567890137'],
        ['BAD-2', '  ', 'cái', '0', 'Không có', '8934567890138'],
        ['BAD-1', 'Trùng mã', null, null, 'Khách cũ', '08934567890137'],
        ['XL-1', 'Mã đã dùng', null, null, null, '8934567890120'],
      ];
      const res = await upload(await sheetOf(HEADER, rows));
      assert.equal(res.status, 400, JSON.stringify(res.body));
      const cells = (res.body.details as ImportRowError[]).map((e) => [e.row, e.column, e.code]);
      assert.deepEqual(cells, [
        [3, 'Name', 'NAME_MUST_BE_NOT_BLANK'],
        [3, 'Quantity per box', 'QUANTITY_PER_BOX_NOT_VALID'],
        [3, 'GTIN', 'GTIN_NOT_VALID'],
        [4, 'Product code', 'PRODUCT_EXISTS_IN_FILE'],
        [4, 'Supplier', 'CUSTOMER_NOT_FOUND_OR_INACTIVE'],
        [4, 'GTIN', 'GTIN_EXISTS'],
        [5, 'Product code', 'PRODUCT_EXISTS'],
        [5, 'GTIN', 'GTIN_EXISTS'],
      ]);
      assert.equal((await list('')).total, before, 'nothing written');
    });
  });

  it('rebuilding the projections gives the same products and product tags', async () => {
    const rows = async () => [
      ...(await sql`select * from products order by id`.execute(t.platform.db)).rows,
      ...(await sql`select * from product_tags order by tag_code`.execute(t.platform.db)).rows,
    ];
    const live = await rows();
    assert.ok(live.length > 15, `${live.length} rows`);
    await sql`update products set name = 'tampered', status = 'INACTIVE', search_key = 'x'`.execute(t.platform.db);
    await sql`delete from product_tags`.execute(t.platform.db);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['products']);
    assert.deepEqual(await rows(), live);
  });
});

/** The SGTIN-96 EPC (filter 1, partition 5: a 7-digit company prefix, serial 1) of a GTIN-14 whose prefix is its digits 2 to 8. */
function sgtinOf(gtin: string): string {
  const [indicator, prefix, item] = [gtin[0]!, gtin.slice(1, 8), gtin.slice(8, 13)];
  const bits =
    (0x30n << 88n) | (1n << 85n) | (5n << 82n) | (BigInt(prefix) << 58n) | (BigInt(indicator + item) << 38n) | 1n;
  return bits.toString(16).toUpperCase().padStart(24, '0');
}
