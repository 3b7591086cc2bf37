import { randomUUID } from 'node:crypto';
import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Processor } from '../../../platform/projections/processor-runner.js';
import { Platform } from '../../../platform/platform.js';
import { NOTIFICATION_SOURCES } from './notification-sources.js';
import { NotificationPushes } from './notification-pushes.js';

export const NOTIFICATIONS_PROCESSOR = 'notifications';

/**
 * Writes the notifications of NOTIFICATION_SOURCES' events. It is a side effect, so it runs as an
 * asynchronous checkpointed processor that resumes after a crash, not as an inline projection. A notification is dated by its
 * event, and (source event, user) is unique: a replayed event writes nothing new.
 */
export function notificationsProcessor(afterCommit: (sourceEventIds: string[]) => Promise<void>): Processor {
  return {
    name: NOTIFICATIONS_PROCESSOR,
    handles: Object.keys(NOTIFICATION_SOURCES),
    async handle(tx, event) {
      const drafts = await NOTIFICATION_SOURCES[event.type]!(event, tx);
      if (drafts.length === 0) return;
      await tx
        .insertInto('notifications')
        .values(
          drafts.map((d) => ({
            id: randomUUID(),
            user_id: d.userId,
            source_event_id: event.eventId,
            message_key: d.messageKey,
            params: JSON.stringify(d.params),
            alert_log_id: d.alertLogId ?? null,
            reader_host_name: d.readerHostName ?? null,
            reader_name: d.readerName ?? null,
            created_at: event.recordedAt,
          })),
        )
        .onConflict((oc) => oc.columns(['source_event_id', 'user_id']).doNothing())
        .execute();
    },
    afterCommit: (events) => afterCommit(events.map((e) => e.eventId)),
  };
}

/** Runs the processor while the application runs (with several instances, on one of them at a time). */
@Injectable()
export class NotificationsProcessorLifecycle implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly platform: Platform,
    private readonly pushes: NotificationPushes,
  ) {}

  onApplicationBootstrap(): void {
    this.platform.processors.start(notificationsProcessor((ids) => this.pushes.created(ids)));
  }

  async onModuleDestroy(): Promise<void> {
    await this.platform.processors.stop(NOTIFICATIONS_PROCESSOR);
  }
}
