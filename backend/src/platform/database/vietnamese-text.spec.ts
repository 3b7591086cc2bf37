import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js';
import { foldForSearch, inVietnameseOrder, searchKey, searchPattern } from './vietnamese-text.js';

describe('Vietnamese text: search without accents and case', () => {
  it('folds case, tones, vowel marks and đ', () => {
    assert.equal(foldForSearch('Giày chạy bộ'), 'giay chay bo');
    assert.equal(foldForSearch('Đỏ'), 'do');
    assert.equal(foldForSearch('đỎ TƯƠI'), 'do tuoi');
    assert.equal(foldForSearch('Xuân Hè ỨNG DỤNG Ấm ẤP'), 'xuan he ung dung am ap');
    assert.equal(foldForSearch('Công ty Á Đông'), 'cong ty a dong');
  });

  it('folds decomposed input (NFD, as some keyboards send it), full-width letters and white space the same way', () => {
    assert.equal(foldForSearch('Giày chạy'.normalize('NFD')), 'giay chay');
    assert.equal(foldForSearch('ＧＩＡＹ'), 'giay');
    assert.equal(foldForSearch('giày \t  chạy\n bộ'), 'giay chay bo');
  });

  it('takes % and _ in a search literally', () => {
    assert.equal(searchPattern('Hồng 100%'), '%hong 100\\%%');
    assert.equal(searchPattern('a_b\\c'), '%a\\_b\\\\c%');
  });
});

describe('Vietnamese text in real PostgreSQL: the search pattern and the collation lists sort by', () => {
  let t: TestPlatform;
  before(async () => {
    t = await createTestPlatform({}, []);
  });
  after(() => t.close());

  /** Whether a list's search for `q` finds a row whose search key is `key`. */
  const finds = async (key: string, q: string) => (await sql<{ found: boolean }>`select ${key} like ${searchPattern(q)} as found`.execute(t.platform.db)).rows[0]!.found;

  it('a search finds a text whatever its accents and case, and a piece of it', async () => {
    const key = searchKey('SP000001', 'Giày chạy bộ nữ', 'Đỏ tươi');
    for (const q of ['giay chay', 'GIÀY CHẠY', 'Giay chạy bo', 'do tuoi', 'Đỏ', 'sp0000', 'nu', 'bộ nữ']) assert.ok(await finds(key, q), q);
    for (const q of ['giay chay bo nu do', 'bo nua', 'xanh', 'g%y', 'gi_y']) assert.ok(!(await finds(key, q)), q);
  });

  it('keeps the texts of a key apart and leaves absent ones out: a search never spans two of them', async () => {
    assert.equal(searchKey('A', null, undefined, '', 'B'), 'a\u001fb');
    assert.ok(!(await finds(searchKey('Giày', 'chạy'), 'giay chay')));
    assert.ok(!(await finds(searchKey('Giày', 'chạy'), 'giay\u001fchay')), 'a separator typed into the search is a space');
  });

  const sorted = async (words: string[]) =>
    (
      await t.platform.db
        .selectFrom(sql<{ w: string }>`(select unnest(${words}::text[]) as w)`.as('x'))
        .select('x.w')
        .orderBy(inVietnameseOrder('x.w'))
        .execute()
    ).map((r) => r.w);

  it('sorts as a Vietnamese reader expects: case ignored first, "Xuân" after "acb" and between "Xa" and "Yến"', async () => {
    assert.deepEqual(await sorted(['Yến', 'Xuân', 'acb', 'Xa']), ['acb', 'Xa', 'Xuân', 'Yến']);
  });

  it('puts ă and â after a, đ after d, and the tones of a letter in their order (ngang, huyền, hỏi, ngã, sắc, nặng)', async () => {
    assert.deepEqual(await sorted(['Ân', 'Ao', 'Ăn', 'Am']), ['Am', 'Ao', 'Ăn', 'Ân']);
    assert.deepEqual(await sorted(['Đỏ', 'Dz', 'do', 'E']), ['do', 'Dz', 'Đỏ', 'E']);
    assert.deepEqual(await sorted(['ạn', 'án', 'ãn', 'ản', 'àn', 'an']), ['an', 'àn', 'ản', 'ãn', 'án', 'ạn']);
  });
});
