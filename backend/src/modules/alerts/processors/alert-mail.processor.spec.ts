import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Platform } from '../../../platform/platform.js';
import { testLogger } from '../../../testing/test-platform.js';
import { ALERT_MAIL_PROCESSOR, AlertMailProcessorLifecycle, bilingualMail } from './alert-mail.processor.js';

/** A platform stand-in that records which processors are started and stopped. */
function platformWith(smtpUrl: string | undefined) {
  const started: string[] = [];
  const stopped: string[] = [];
  const platform = {
    config: { smtpUrl, mailFrom: 'RFID back-office <no-reply@localhost>' },
    logger: testLogger,
    processors: { start: (p: { name: string }) => started.push(p.name), stop: async (name: string) => void stopped.push(name) },
  } as unknown as Platform;
  return { platform, started, stopped };
}

describe('alert e-mail processor', () => {
  it('runs only when SMTP_URL names a server', async () => {
    const off = platformWith(undefined);
    const idle = new AlertMailProcessorLifecycle(off.platform);
    idle.onApplicationBootstrap();
    await idle.onModuleDestroy();
    assert.deepEqual([off.started, off.stopped], [[], []]);

    const on = platformWith('smtp://127.0.0.1:2525');
    const running = new AlertMailProcessorLifecycle(on.platform);
    running.onApplicationBootstrap();
    await running.onModuleDestroy();
    assert.deepEqual([on.started, on.stopped], [[ALERT_MAIL_PROCESSOR], [ALERT_MAIL_PROCESSOR]]);
  });

  it('a mail says it in Vietnamese, then in English', () => {
    const mail = bilingualMail('READER_DISCONNECTED_ALERT', { gate: 'R-1 · Kho', action: 'Gọi kỹ thuật' });
    assert.equal(mail.subject, 'Đầu đọc mất kết nối: R-1 · Kho / Reader disconnected: R-1 · Kho');
    assert.equal(
      mail.text,
      'Đầu đọc mất kết nối: R-1 · Kho\nĐầu đọc R-1 · Kho đã mất kết nối. Việc cần làm: Gọi kỹ thuật.\n\n---\n\nReader disconnected: R-1 · Kho\nReader R-1 · Kho lost its connection. Action: Gọi kỹ thuật.\n',
    );
  });
});
