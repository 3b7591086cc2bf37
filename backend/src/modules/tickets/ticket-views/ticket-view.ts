import { TICKET_FIELDS, ticketStatusOf, type ApprovalState, type TicketDirection, type TicketFlow, type TicketSource, type TicketStatus, type TicketTimelineEntry, type TicketView } from '@rfid/contracts';
import type { Selectable } from 'kysely';
import { valuesOf } from '../../../platform/entity-fields/entity-columns.js';
import type { EventMetadata } from '../../../platform/event-store/types.js';
import type { TicketEvent } from '../tickets.events.js';
import type { TicketsTable } from './ticket-views.tables.js';

/** A ticket's row with the names of its warehouse and supplier. */
export type TicketRow = Selectable<TicketsTable> & { warehouse_name: string | null; supplier_name: string | null };

/** A ticket as the lists and the detail show it; `readerCode` names its gate and equipment. */
export function toTicketView(r: TicketRow, readerCode: (readerId: string) => string | null): TicketView {
  return {
    id: r.id,
    code: r.code,
    direction: r.direction as TicketDirection,
    source: r.source as TicketSource,
    flow: r.flow as TicketFlow,
    approval: r.approval as ApprovalState | null,
    status: r.status as TicketStatus,
    ...valuesOf(TICKET_FIELDS, r),
    warehouseName: r.warehouse_name,
    supplierName: r.supplier_name,
    allowedGateCode: r.allowed_gate_id ? readerCode(r.allowed_gate_id) : null,
    equipmentCode: r.equipment_id ? readerCode(r.equipment_id) : null,
    createdBy: { id: r.created_by_id, name: r.created_by_name },
    approvedBy: r.approved_by_id || r.approved_by_name ? { id: r.approved_by_id, name: r.approved_by_name } : null,
    approvedAt: r.approved_at?.toISOString() ?? null,
    scanning: r.scanning,
    totals: { planned: r.planned_total, draft: r.draft_total, actual: r.actual_total, apart: r.apart_total },
    version: r.version,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** What a timeline entry says of an event. */
export function timelineOf(direction: TicketDirection, e: { type: string; data: unknown; metadata: EventMetadata; recordedAt: Date }): TicketTimelineEntry | undefined {
  const event = { type: e.type, data: e.data } as TicketEvent;
  const base = { at: e.recordedAt.toISOString(), actor: e.metadata.actor?.name ?? null, reason: null, detail: null, from: null, to: null };
  const status = (flow: TicketFlow, approval: ApprovalState | null): TicketStatus => ticketStatusOf(direction, flow, approval);
  switch (event.type) {
    case 'TicketCreated':
    return { ...base, action: 'created', to: 'NEW' };
    case 'TicketUpdated':
    return { ...base, action: 'updated' };
    case 'TicketDeleted':
    return { ...base, action: 'deleted' };
    case 'TicketMoved':
    return { ...base, action: event.data.action, to: status(event.data.to, event.data.approval), reason: event.data.reason };
    case 'TicketClosed':
    return { ...base, action: 'close', to: 'CLOSED', detail: `${event.data.movements.reduce((n, m) => n + Math.abs(m.quantity), 0) + event.data.samples.length}` };
    case 'TicketRolledBack':
    return {
      ...base,
      action: 'rollback',
      from: status(event.data.from, null),
      to: status(event.data.to, event.data.approval),
      reason: event.data.reason,
      detail: event.data.discarded ? `${event.data.discarded.tags}` : null,
    };
    case 'TicketScanningStarted':
    return { ...base, action: 'scanning-started', detail: event.data.step };
    case 'TicketScanningStopped':
    return { ...base, action: 'scanning-stopped' };
    case 'TicketTagsScanned':
    // a scanning's batches are its progress, not entries of the timeline
    return undefined;
    case 'TicketApartDecided':
    return { ...base, action: `apart-${event.data.decision}`, detail: `${event.data.epcs.length}` };
  }
}
