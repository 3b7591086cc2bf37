import { Inject, type OnModuleDestroy } from '@nestjs/common';
import { P, REALTIME_EVENTS } from '@rfid/contracts';
import { CommittedEventsHandler, OnCommitted } from '../../../platform/cqrs/committed-events.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import { Platform } from '../../../platform/platform.js';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway.js';
import type { StocktakeEvent } from '../domain/stocktake.js';
import { StocktakeQueries } from './stocktakes.queries.js';

/** Pushes of one stocktake's progress: at most one per PUSH_EVERY_MS, the last one always sent. */
const PUSH_EVERY_MS = 250;

/**
 * A stocktake whose status or totals changed (started, tags counted, a line ignored, reset, closed) is
 * pushed as it is now (`stocktake:progress`) to whoever may see stocktakes: at most one push per
 * stocktake every PUSH_EVERY_MS while its handhelds count, the last one always sent.
 */
@OnCommitted<StocktakeEvent['type']>('StocktakeStarted', 'StocktakeTagsCounted', 'StocktakeLineIgnored', 'StocktakeReset', 'StocktakeClosed')
export class StocktakeProgressPushes extends CommittedEventsHandler implements OnModuleDestroy {
  private readonly pushes = new Map<string, { last: number; timer: NodeJS.Timeout | null }>();

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    @Inject(StocktakeQueries) private readonly queries: StocktakeQueries,
    @Inject(RealtimeGateway) private readonly realtime: RealtimeGateway,
  ) {
    super();
  }

  onModuleDestroy(): void {
    for (const p of this.pushes.values()) if (p.timer) clearTimeout(p.timer);
  }

  protected async committed(events: readonly StoredEvent<{ stocktakeId: string }>[]): Promise<void> {
    for (const stocktakeId of new Set(events.map((e) => e.data.stocktakeId))) this.schedule(stocktakeId);
  }

  private schedule(stocktakeId: string): void {
    const p = this.pushes.get(stocktakeId) ?? { last: 0, timer: null };
    this.pushes.set(stocktakeId, p);
    if (p.timer) return;
    const wait = Math.max(0, p.last + PUSH_EVERY_MS - Date.now());
    p.timer = setTimeout(() => {
      p.timer = null;
      p.last = Date.now();
      this.push(stocktakeId).catch((err: unknown) => this.platform.logger.error({ err, stocktakeId }, 'a stocktake’s progress could not be pushed'));
    }, wait);
  }

  private async push(stocktakeId: string): Promise<void> {
    const progress = await this.queries.progress(stocktakeId);
    if (progress) this.realtime.here.toPermission(P.STOCKTAKE_STOCKTAKING_DETAIL, REALTIME_EVENTS.STOCKTAKE_PROGRESS, progress);
  }
}
