import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUserRequest } from './schemas/users.js';
import { isStorableText, unstorableTextPaths } from './text.js';

describe('storable text', () => {
  it('refuses a NUL and a lone surrogate, keeps every real character (pairs, Vietnamese, emoji)', () => {
    for (const ok of ['', 'Giày thể thao nữ — Đông Á', '👟 \ud83d\udc5f', 'tab\tand\nnewline']) assert.ok(isStorableText(ok), JSON.stringify(ok));
    for (const bad of ['a\u0000b', '\ud800', 'x\udc00', '\udc00\ud800', 'end \ud83d']) assert.ok(!isStorableText(bad), JSON.stringify(bad));
  });

  it('finds every such string in an input, keys included, by its path', () => {
    assert.deepEqual(unstorableTextPaths({ a: 'ok', b: ['x', 'y\u0000'], c: { d: '\ud800' }, 'k\u0000': 1, n: 5 }), [['b', 1], ['c', 'd'], ['k\u0000']]);
    assert.deepEqual(unstorableTextPaths('\u0000'), [[]]);
    assert.deepEqual(unstorableTextPaths(null), []);
  });

  it('the shared schemas answer TEXT_NOT_VALID on the field, so a form names it', () => {
    const r = createUserRequest.safeParse({ username: 'ab\u0000cd', password: 'secret1', fullName: 'X', groupId: '00000000-0000-4000-8000-000000000001' });
    assert.ok(!r.success);
    assert.deepEqual(r.error.issues.map((i) => [i.path.join('.'), (i as { params?: { code?: string } }).params?.code]), [['username', 'TEXT_NOT_VALID']]);
  });
});
