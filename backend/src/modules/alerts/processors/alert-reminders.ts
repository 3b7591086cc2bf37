import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { AdvisoryLease } from '../../../platform/database/advisory-lease.js';
import { runWithContext, SYSTEM_ACTOR } from '../../../platform/context/action-context.js';
import { InTurn } from '../../../platform/in-turn.js';
import { Platform } from '../../../platform/platform.js';
import { ActOnAlert } from '../commands/alert.commands.js';

/** How often active alerts are looked at for reminders. */
const TICK_MS = 15_000;

/**
 * Reminds the configured users of alerts still active: a user whose configuration says N minutes is
 * reminded after N, 2N, 3N ... minutes, as long as the alert is neither disabled nor its kind's
 * configuration removed. One instance reminds at a time (a transaction-scoped advisory lock); a round
 * is recorded per alert and user (alert_reminders), so a restart never reminds twice.
 */
@Injectable()
export class AlertReminders implements OnModuleInit, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  /** The rounds asked for run one after the other, each at its own `now`. */
  private readonly rounds = new InTurn();

  constructor(
    private readonly platform: Platform,
    private readonly commandBus: CommandBus,
  ) {}

  onModuleInit(): void {
    // the clock's round is skipped while one is under way (it would find nothing more)
    this.timer = setInterval(() => this.rounds.pending || void this.tick().catch((err: unknown) => this.platform.logger.error({ err }, 'alert reminders failed')), TICK_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Sends the reminders due at `now` (the platform's clock), after any round under way; answers how many alerts got one. */
  tick(now: Date = this.platform.clock.now()): Promise<number> {
    return this.rounds.run(() => this.remind(now));
  }

  private async remind(now: Date): Promise<number> {
    const due = await this.platform.db.transaction().execute(async (tx) => {
      if (!(await AdvisoryLease.tryInTransaction(tx, 'alert-reminders'))) return [];
      return tx
        .selectFrom('alerts as a')
        .innerJoin('alert_configurations as c', 'c.function_name', 'a.kind')
        .leftJoin('alert_reminders as r', (j) => j.onRef('r.alert_id', '=', 'a.id').onRef('r.user_id', '=', 'c.user_id'))
        .select(['a.id as alertId', 'c.user_id as userId', sql<number>`floor(extract(epoch from (${now}::timestamptz - a.at)) / (c.time_minutes * 60))::int`.as('round')])
        .where('a.disabled_at', 'is', null)
        .where(sql<boolean>`floor(extract(epoch from (${now}::timestamptz - a.at)) / (c.time_minutes * 60)) > coalesce(r.round, 0)`)
        .orderBy('a.at')
        .execute();
    });
    const byAlert = new Map<string, { userId: string; round: number }[]>();
    for (const d of due) byAlert.set(d.alertId, [...(byAlert.get(d.alertId) ?? []), { userId: d.userId, round: d.round }]);
    await runWithContext({ correlationId: randomUUID(), source: 'system', clientIp: null, actor: SYSTEM_ACTOR }, async () => {
      for (const [alertId, reminders] of byAlert) await this.commandBus.execute(new ActOnAlert({ command: { kind: 'remind', alertId, reminders } }));
    });
    return byAlert.size;
  }
}
