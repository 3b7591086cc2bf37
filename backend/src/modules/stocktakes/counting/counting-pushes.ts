import { Inject } from '@nestjs/common';
import { P, REALTIME_EVENTS } from '@rfid/contracts';
import { CommittedEventsHandler, OnCommitted } from '../../../platform/cqrs/committed-events.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway.js';
import type { CountingEvent } from '../stocktakes.events.js';
import { CountingQueries } from './countings.queries.js';

/** A quick count that opened, counted or stopped is pushed as the list shows it (`counting`) to whoever may see counts. */
@OnCommitted<CountingEvent['type']>('CountingStarted', 'CountingTagsCounted', 'CountingStopped')
export class CountingPushes extends CommittedEventsHandler {
  constructor(
    @Inject(CountingQueries) private readonly queries: CountingQueries,
    @Inject(RealtimeGateway) private readonly realtime: RealtimeGateway,
  ) {
    super();
  }

  protected async committed(events: readonly StoredEvent<{ countingId: string }>[]): Promise<void> {
    for (const countingId of new Set(events.map((e) => e.data.countingId))) {
      const view = await this.queries.view(countingId);
      if (view) this.realtime.here.toPermission(P.STOCKTAKE_COUNTING_LIST, REALTIME_EVENTS.COUNTING, view);
    }
  }
}
