/**
 * The texts of notifications, in Vietnamese and English. A notification stores a message key and
 * its parameters, never a rendered text: the server renders it in the language of each request, and
 * a browser can render a pushed one in its own language with the same function.
 */
export type Language = 'vi' | 'en';
export const LANGUAGES: readonly Language[] = ['vi', 'en'];

export type NotificationParams = Record<string, string | number | null>;

interface MessageText {
  title: string;
  content: string;
}

export const NOTIFICATION_MESSAGES = {
  PASSWORD_CHANGED: {
    vi: {
      title: 'Mật khẩu của bạn đã được thay đổi',
      content: 'Quản trị viên ({by}) đã thay đổi mật khẩu của bạn. Vui lòng đăng nhập lại bằng mật khẩu mới.',
    },
    en: {
      title: 'Your password was changed',
      content: 'An administrator ({by}) changed your password. Please sign in again with the new password.',
    },
  },
  ACCOUNT_LOCKED: {
    vi: {
      title: 'Tài khoản của bạn đã bị khóa',
      content: 'Quản trị viên ({by}) đã khóa tài khoản của bạn. Bạn không thể đăng nhập cho đến khi tài khoản được mở khóa.',
    },
    en: {
      title: 'Your account was locked',
      content: 'An administrator ({by}) locked your account. You cannot sign in until it is unlocked.',
    },
  },
  ACCOUNT_UNLOCKED: {
    vi: {
      title: 'Tài khoản của bạn đã được mở khóa',
      content: 'Quản trị viên ({by}) đã mở khóa tài khoản của bạn. Bạn có thể đăng nhập lại.',
    },
    en: {
      title: 'Your account was unlocked',
      content: 'An administrator ({by}) unlocked your account. You can sign in again.',
    },
  },
  GROUP_PERMISSIONS_CHANGED: {
    vi: {
      title: 'Quyền của bạn đã được thay đổi',
      content: 'Quản trị viên ({by}) đã thay đổi quyền của nhóm {group}. Một số menu và trang có thể đã được thêm hoặc bớt.',
    },
    en: {
      title: 'Your permissions were changed',
      content: 'An administrator ({by}) changed the permissions of your group {group}. Some menus and pages may have been added or removed.',
    },
  },
  // Alerts: {gate} is the gate's code and name, {item} what passed (a sample or product code, or the tag),
  // {action} what the alert configuration asks of its user.
  GATE_ALERT: {
    vi: { title: 'Cảnh báo cổng an ninh: {gate}', content: '{item} ({epc}) đi qua cổng {gate} mà không có phiếu cho phép. Việc cần làm: {action}.' },
    en: { title: 'Security gate alert: {gate}', content: '{item} ({epc}) passed gate {gate} without permission. Action: {action}.' },
  },
  GATE_ALERT_REPEATED: {
    vi: { title: 'Cảnh báo cổng vẫn chưa được xử lý: {gate}', content: '{item} ({epc}) đã qua cổng {gate} mà không có phiếu cho phép; cảnh báo vẫn đang bật. Việc cần làm: {action}.' },
    en: { title: 'Gate alert still active: {gate}', content: '{item} ({epc}) passed gate {gate} without permission; the alert is still active. Action: {action}.' },
  },
  READER_DISCONNECTED_ALERT: {
    vi: { title: 'Đầu đọc mất kết nối: {gate}', content: 'Đầu đọc {gate} đã mất kết nối. Việc cần làm: {action}.' },
    en: { title: 'Reader disconnected: {gate}', content: 'Reader {gate} lost its connection. Action: {action}.' },
  },
  READER_DISCONNECTED_ALERT_REPEATED: {
    vi: { title: 'Đầu đọc vẫn mất kết nối: {gate}', content: 'Đầu đọc {gate} vẫn chưa kết nối lại; cảnh báo vẫn đang bật. Việc cần làm: {action}.' },
    en: { title: 'Reader still disconnected: {gate}', content: 'Reader {gate} has not reconnected; the alert is still active. Action: {action}.' },
  },
  STOCKTAKE_ABNORMAL_ALERT: {
    vi: { title: 'Kiểm kê có bất thường: {subject}', content: 'Phiếu kiểm kê {subject} có {count} mục bất thường. Việc cần làm: {action}.' },
    en: { title: 'Stocktake abnormal: {subject}', content: 'Stocktake {subject} found {count} abnormal items. Action: {action}.' },
  },
  STOCKTAKE_ABNORMAL_ALERT_REPEATED: {
    vi: { title: 'Kiểm kê bất thường chưa được xử lý: {subject}', content: 'Phiếu kiểm kê {subject} có {count} mục bất thường; cảnh báo vẫn đang bật. Việc cần làm: {action}.' },
    en: { title: 'Stocktake abnormal, still active: {subject}', content: 'Stocktake {subject} found {count} abnormal items; the alert is still active. Action: {action}.' },
  },
  // Reminders of several alerts still active, one per configuration and interval: {count} alerts at {places} (codes).
  GATE_ALERTS_STILL_ACTIVE: {
    vi: { title: 'Cảnh báo cổng còn bật: {count} tại {places}', content: 'Còn {count} cảnh báo cổng an ninh chưa được xử lý tại {places}. Việc cần làm: {action}.' },
    en: { title: 'Gate alerts still active: {count} at {places}', content: 'Gate alerts not yet dealt with at {places}: {count}. Action: {action}.' },
  },
  READER_DISCONNECTED_ALERTS_STILL_ACTIVE: {
    vi: { title: 'Đầu đọc vẫn mất kết nối: {count} ({places})', content: 'Còn {count} đầu đọc chưa kết nối lại: {places}. Việc cần làm: {action}.' },
    en: { title: 'Readers still disconnected: {count} ({places})', content: 'Readers not yet reconnected: {places} ({count}). Action: {action}.' },
  },
  STOCKTAKE_ABNORMAL_ALERTS_STILL_ACTIVE: {
    vi: { title: 'Kiểm kê bất thường còn bật: {count} ({places})', content: 'Còn {count} cảnh báo kiểm kê bất thường chưa được xử lý: {places}. Việc cần làm: {action}.' },
    en: { title: 'Stocktake alerts still active: {count} ({places})', content: 'Abnormal stocktake alerts not yet dealt with: {places} ({count}). Action: {action}.' },
  },
} as const satisfies Record<string, Record<Language, MessageText>>;

export type NotificationMessageKey = keyof typeof NOTIFICATION_MESSAGES;

export function isNotificationMessageKey(key: string): key is NotificationMessageKey {
  return Object.hasOwn(NOTIFICATION_MESSAGES, key);
}

/** `{name}` placeholders take the parameter's value; a missing parameter leaves nothing behind. */
function fill(template: string, params: NotificationParams): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    return value === null || value === undefined ? '' : String(value);
  });
}

/**
 * The title and content of a notification in a language. A key this version does not know (a newer
 * server's, a mistyped one) renders empty, so the screen shows its "No title" fallback, not a crash.
 */
export function renderNotificationMessage(key: string, params: NotificationParams, lang: Language): MessageText {
  if (!isNotificationMessageKey(key)) return { title: '', content: '' };
  const text = NOTIFICATION_MESSAGES[key][lang];
  return { title: fill(text.title, params), content: fill(text.content, params) };
}
