import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { renderNotificationMessage, type NotificationMessageKey, type NotificationParams } from '@rfid/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Tx } from '../../../platform/database/database.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { Processor } from '../../../platform/projections/processor-runner.js';
import { Platform } from '../../../platform/platform.js';
import type { AlertEvent, AlertReminderEvent } from '../alerts.events.js';
import { alertMessage, alertRecipients, configurationRecipient, reminderMessage } from '../alert-configuration-views/alert-recipients.js';

export const ALERT_MAIL_PROCESSOR = 'alert-mail';

/** One e-mail to one recipient. */
export interface AlertMail {
  alertId: string;
  to: string;
  subject: string;
  text: string;
}

/** A message in both languages: the subject "vi / en", the body the Vietnamese text, then the English. */
export function bilingualMail(key: NotificationMessageKey, params: NotificationParams): { subject: string; text: string } {
  const vi = renderNotificationMessage(key, params, 'vi');
  const en = renderNotificationMessage(key, params, 'en');
  return { subject: `${vi.title} / ${en.title}`, text: `${vi.title}\n${vi.content}\n\n---\n\n${en.title}\n${en.content}\n` };
}

type Raised = Extract<AlertEvent, { type: 'GateAlertRaised' | 'ReaderDisconnectedAlertRaised' | 'StocktakeAbnormalAlertRaised' }>;

/**
 * The e-mails of one event: of an alert raised, to each configured user of its kind with EMAIL; of a
 * reminder, to its configuration's user if that configuration still says EMAIL. Nothing for an alert
 * disabled meanwhile, nor for a reminder a later one has followed: a processor catching up (e-mail just
 * switched on) sends no backlog of stale alerts.
 */
async function mailsOf(tx: Tx, event: StoredEvent<Raised['data'] | AlertReminderEvent['data']>): Promise<AlertMail[]> {
  if (event.type === 'ActiveAlertsReminded') {
    const reminder = event.data as AlertReminderEvent['data'];
    const recipient = await configurationRecipient(tx, reminder.configurationId);
    if (!recipient?.methods.includes('EMAIL') || !recipient.email) return [];
    const last = await tx.selectFrom('alert_configuration_reminders').select('reminded_at').where('configuration_id', '=', reminder.configurationId).executeTakeFirst();
    if (last && last.reminded_at.getTime() > Date.parse(reminder.at)) return [];
    const message = await reminderMessage(tx, reminder);
    return message ? [{ alertId: message.alertId ?? reminder.alertIds[0]!, to: recipient.email, ...bilingualMail(message.key, { ...message.params, action: recipient.actionName }) }] : [];
  }
  const alertId = (event.data as Raised['data']).alertId;
  const message = await alertMessage(tx, alertId, false);
  if (!message || message.disabled) return [];
  const recipients = (await alertRecipients(tx, message.kind)).filter((r) => r.methods.includes('EMAIL') && r.email);
  return recipients.map((r) => ({ alertId, to: r.email!, ...bilingualMail(message.key, { ...message.params, action: r.actionName }) }));
}

/**
 * E-mails of raised and reminded alerts. `handle` reads the recipients in the processor's transaction,
 * `afterCommit` sends (at most once: a mail is outside the database). A failed send is logged, never
 * thrown, so one bad address does not hold back the others.
 */
export function alertMailProcessor(send: (mail: AlertMail) => Promise<void>, logger: Logger): Processor {
  // the mails `handle` decided, by event, until their transaction has committed
  const pending = new Map<string, AlertMail[]>();
  return {
    name: ALERT_MAIL_PROCESSOR,
    handles: ['GateAlertRaised', 'ReaderDisconnectedAlertRaised', 'StocktakeAbnormalAlertRaised', 'ActiveAlertsReminded'],
    async handle(tx, event) {
      pending.set(event.eventId, await mailsOf(tx, event));
    },
    async afterCommit(events) {
      for (const event of events) {
        const mails = pending.get(event.eventId) ?? [];
        pending.delete(event.eventId);
        for (const mail of mails) {
          await send(mail).catch((err: unknown) => logger.error({ err, alertId: mail.alertId, to: mail.to }, 'alert e-mail not sent'));
        }
      }
    },
  };
}

/** Runs the processor while the application runs, when SMTP_URL names a server; without it no e-mail is sent. */
@Injectable()
export class AlertMailProcessorLifecycle implements OnApplicationBootstrap, OnModuleDestroy {
  private transport: Transporter | undefined;

  constructor(@Inject(Platform) private readonly platform: Platform) {}

  onApplicationBootstrap(): void {
    const { smtpUrl, mailFrom } = this.platform.config;
    if (!smtpUrl) return;
    const transport = nodemailer.createTransport(smtpUrl);
    this.transport = transport;
    this.platform.processors.start(
      alertMailProcessor(async (mail) => {
        await transport.sendMail({ from: mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
      }, this.platform.logger),
    );
  }

  async onModuleDestroy(): Promise<void> {
    if (!this.transport) return;
    await this.platform.processors.stop(ALERT_MAIL_PROCESSOR);
    this.transport.close();
  }
}
