import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AlertKind } from '@rfid/contracts';
import { sql } from 'kysely';
import { AdvisoryLease } from '../../../platform/database/advisory-lease.js';
import { runWithContext, SYSTEM_ACTOR } from '../../../platform/context/action-context.js';
import { InTurn } from '../../../platform/in-turn.js';
import { Platform } from '../../../platform/platform.js';
import { RemindActiveAlerts } from '../commands/alert.commands.js';

/** How often the configurations are looked at for reminders. */
const TICK_MS = 15_000;

/**
 * Reminds each configured user, once per their configuration's interval (N minutes), of the alerts of
 * its kind still active that were raised while the configuration existed and at least N minutes ago,
 * in one summary ("12 alerts still active at GATE-01"): a guard is not sent one message per alert every
 * N minutes. One instance reminds at a time (a transaction-scoped advisory lock); each configuration's
 * reminders are a stream that refuses a second one within the interval, so a restart or a second
 * instance never reminds twice.
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

  /** Sends the reminders due at `now` (the platform's clock), after any round under way; answers how many configurations' users got one. */
  tick(now: Date = this.platform.clock.now()): Promise<number> {
    return this.rounds.run(() => this.remind(now));
  }

  private async remind(now: Date): Promise<number> {
    const due = await this.platform.db.transaction().execute(async (tx) => {
      if (!(await AdvisoryLease.tryInTransaction(tx, 'alert-reminders'))) return [];
      const interval = sql<string>`c.time_minutes * interval '1 minute'`;
      return tx
        .selectFrom('alert_configurations as c')
        .leftJoin('alert_configuration_reminders as r', 'r.configuration_id', 'c.id')
        .innerJoin('alerts as a', (j) => j.onRef('a.kind', '=', 'c.function_name').on('a.disabled_at', 'is', null).onRef('a.at', '>=', 'c.created_at'))
        .select(['c.id', 'c.user_id', 'c.function_name', 'c.time_minutes', 'a.id as alert_id', sql<string | null>`coalesce(a.gate_code, a.subject_code)`.as('place')])
        .where(sql<boolean>`a.at <= ${now}::timestamptz - ${interval}`)
        .where(sql<boolean>`${now}::timestamptz - coalesce(r.reminded_at, c.created_at) >= ${interval}`)
        .orderBy('c.id')
        .orderBy('a.at')
        .execute();
    });
    const byConfiguration = new Map<string, { userId: string; kind: AlertKind; timeMinutes: number; alerts: { id: string; place: string | null }[] }>();
    for (const d of due) {
      let c = byConfiguration.get(d.id);
      if (!c) byConfiguration.set(d.id, (c = { userId: d.user_id, kind: d.function_name as AlertKind, timeMinutes: d.time_minutes, alerts: [] }));
      c.alerts.push({ id: d.alert_id, place: d.place });
    }
    await runWithContext({ correlationId: randomUUID(), source: 'system', clientIp: null, actor: SYSTEM_ACTOR }, async () => {
      for (const [configurationId, c] of byConfiguration) {
        await this.commandBus.execute(new RemindActiveAlerts({ command: { configurationId, ...c, at: now.toISOString() } }));
      }
    });
    return byConfiguration.size;
  }
}
