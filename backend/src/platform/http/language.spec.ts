import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { languageOfHeader } from './language.js';

describe('answer language', () => {
  it('Vietnamese when Accept-Language starts with "vi", English otherwise', () => {
    assert.equal(languageOfHeader('vi'), 'vi');
    assert.equal(languageOfHeader('vi-VN,vi;q=0.9,en;q=0.8'), 'vi');
    assert.equal(languageOfHeader(' VI-vn'), 'vi');
    assert.equal(languageOfHeader('en-US,vi;q=0.8'), 'en');
    assert.equal(languageOfHeader('fr'), 'en');
    assert.equal(languageOfHeader(''), 'en');
    assert.equal(languageOfHeader(undefined), 'en');
    assert.equal(languageOfHeader(['vi-VN', 'en']), 'vi');
  });
});
