import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { runWithContext, SYSTEM_ACTOR } from '../../../platform/context/action-context.js';
import { InTurn } from '../../../platform/in-turn.js';
import { Platform } from '../../../platform/platform.js';
import { ReaderLiveState, type KnownReader } from '../../readers/readers.public.js';
import { ActOnAlert, RaiseAlerts, SYSTEM_ALERT_ACTOR } from '../commands/alert.commands.js';

/**
 * Raises a "reader disconnected" alert when a reader's connection is lost, one active alert per
 * reader; when the reader connects again its alert ends by itself (disabled by the system, with the
 * reason), so nobody is reminded of a reader that is back.
 */
@Injectable()
export class ReaderDisconnectedAlerts implements OnModuleInit {
  /** Changes of one reader are handled one after another (a flapping connection must not raise twice). */
  private readonly changes = new InTurn();

  constructor(
    private readonly platform: Platform,
    private readonly live: ReaderLiveState,
    private readonly commandBus: CommandBus,
  ) {}

  onModuleInit(): void {
    this.live.onConnectionChange((reader, connection) => {
      void this.changes
        .run(() => runWithContext({ correlationId: randomUUID(), source: 'system', clientIp: null, actor: SYSTEM_ACTOR }, () => this.changed(reader, connection)))
        .catch((err: unknown) => this.platform.logger.error({ err, reader: reader.code }, 'reader connection alert failed'));
    });
  }

  private async changed(reader: KnownReader, connection: 'CONNECTED' | 'DISCONNECTED'): Promise<void> {
    const active = await this.platform.db
      .selectFrom('alerts')
      .select('id')
      .where('kind', '=', 'READER_DISCONNECTED')
      .where('gate_id', '=', reader.id)
      .where('disabled_at', 'is', null)
      .execute();
    if (connection === 'CONNECTED') {
      for (const a of active) await this.commandBus.execute(new ActOnAlert({ command: { kind: 'disable', alertId: a.id, by: SYSTEM_ALERT_ACTOR, reason: 'The reader connected again', notificationId: null } })).catch(() => {});
      return;
    }
    if (active.length) return;
    await this.platform.db.transaction().execute((tx) =>
      this.commandBus.execute(
        new RaiseAlerts({ alerts: [{ type: 'ReaderDisconnectedAlertRaised', data: { alertId: randomUUID(), readerId: reader.id, readerCode: reader.code, readerName: reader.name, readerHostName: reader.host } }], tx }),
      ),
    );
  }
}
