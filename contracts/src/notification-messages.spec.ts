import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NOTIFICATION_MESSAGES, renderNotificationMessage } from './notification-messages.js';

describe('notification messages', () => {
  it('renders a key with its parameters in English and in Vietnamese', () => {
    assert.deepEqual(renderNotificationMessage('PASSWORD_CHANGED', { by: 'admin' }, 'en'), {
      title: 'Your password was changed',
      content: 'An administrator (admin) changed your password. Please sign in again with the new password.',
    });
    assert.deepEqual(renderNotificationMessage('ACCOUNT_LOCKED', { by: 'admin' }, 'vi'), {
      title: 'Tài khoản của bạn đã bị khóa',
      content: 'Quản trị viên (admin) đã khóa tài khoản của bạn. Bạn không thể đăng nhập cho đến khi tài khoản được mở khóa.',
    });
  });

  it('numbers are written out; a missing or null parameter leaves nothing behind', () => {
    assert.equal(renderNotificationMessage('ACCOUNT_UNLOCKED', { by: 42 }, 'en').content, 'An administrator (42) unlocked your account. You can sign in again.');
    assert.equal(renderNotificationMessage('ACCOUNT_UNLOCKED', {}, 'en').content, 'An administrator () unlocked your account. You can sign in again.');
    assert.equal(renderNotificationMessage('ACCOUNT_UNLOCKED', { by: null }, 'en').content, 'An administrator () unlocked your account. You can sign in again.');
  });

  it('an unknown key (or an inherited property name) renders empty, for the "No title" fallback', () => {
    assert.deepEqual(renderNotificationMessage('NO_SUCH_KEY', { by: 'x' }, 'en'), { title: '', content: '' });
    assert.deepEqual(renderNotificationMessage('toString', {}, 'vi'), { title: '', content: '' });
  });

  it('every message has a title and content in both languages, with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, texts] of Object.entries(NOTIFICATION_MESSAGES)) {
      for (const lang of ['vi', 'en'] as const) {
        assert.ok(texts[lang].title.trim() && texts[lang].content.trim(), `${key} ${lang}`);
      }
      assert.deepEqual(placeholders(texts.vi.title + texts.vi.content), placeholders(texts.en.title + texts.en.content), key);
    }
  });
});
