import { Inject } from '@nestjs/common';
import { P, REALTIME_EVENTS } from '@rfid/contracts';
import { CommittedEventsHandler, OnCommitted } from '../../../platform/cqrs/committed-events.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway.js';
import type { TicketEvent } from '../tickets.events.js';
import { TicketQueries } from './tickets.queries.js';

/** Whoever may see a ticket's detail is pushed its progress. */
const DETAIL_PERMISSION = { IMPORT: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_DETAIL, EXPORT: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL } as const;

/**
 * A ticket that changed (scans, an apart decision, a transition, an edit) is pushed as its quantities
 * are now, with its version (`ticket:progress`), to whoever may see its detail: once per ticket and
 * batch of committed events.
 */
@OnCommitted<TicketEvent['type']>(
  'TicketUpdated',
  'TicketMoved',
  'TicketClosed',
  'TicketRolledBack',
  'TicketScanningStarted',
  'TicketScanningStopped',
  'TicketTagsScanned',
  'TicketApartDecided',
)
export class TicketProgressPushes extends CommittedEventsHandler {
  constructor(
    @Inject(TicketQueries) private readonly queries: TicketQueries,
    @Inject(RealtimeGateway) private readonly realtime: RealtimeGateway,
  ) {
    super();
  }

  protected async committed(events: readonly StoredEvent<{ ticketId: string }>[]): Promise<void> {
    for (const { direction, ...push } of await this.queries.progress([...new Set(events.map((e) => e.data.ticketId))])) {
      this.realtime.here.toPermission(DETAIL_PERMISSION[direction], REALTIME_EVENTS.TICKET_PROGRESS, push);
    }
  }
}
