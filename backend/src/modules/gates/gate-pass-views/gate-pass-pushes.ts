import { Inject } from '@nestjs/common';
import { P, REALTIME_EVENTS } from '@rfid/contracts';
import { CommittedEventsHandler, OnCommitted } from '../../../platform/cqrs/committed-events.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway.js';
import type { GatePassEvent } from '../gates.events.js';
import { GatePassQueries } from './gate-passes.queries.js';

/** Each pass a gate decided is pushed (`gate:pass`) to whoever may see the gate history, as the history shows it. */
@OnCommitted<GatePassEvent['type']>('GatePassDecided')
export class GatePassPushes extends CommittedEventsHandler {
  constructor(
    @Inject(GatePassQueries) private readonly queries: GatePassQueries,
    @Inject(RealtimeGateway) private readonly realtime: RealtimeGateway,
  ) {
    super();
  }

  protected async committed(events: readonly StoredEvent<{ passId: string }>[]): Promise<void> {
    for (const view of await this.queries.views(events.map((e) => e.data.passId))) this.realtime.here.toPermission(P.SECURITY_GATE_LOG_LIST, REALTIME_EVENTS.GATE_PASS, view);
  }
}
