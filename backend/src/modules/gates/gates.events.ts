/*
 * The gates module's events and the shapes they carry: what it records, and what other modules may
 * follow (their projections, processors and pushes). This file imports no code: importing it never
 * ties one module to another.
 */
import type { GateItemView, PassDecision, PassDirection, PermitKind, GateTicketItem } from '@rfid/contracts';

/**
 * A pass: an item a gate reader saw go through, and what the gate decided. Each pass is a stream of
 * one event (`gate-pass-{id}`), written in bulk with the alerts it raises; a gate's history is read
 * from the gate_passes table, never by loading a stream.
 */
export type GatePassEvent = {
  type: 'GatePassDecided';
  data: {
    passId: string;
    gateId: string;
    gateCode: string;
    gateName: string;
    antenna: number | null;
    direction: PassDirection;
    epc: string;
    item: GateItemView;
    decision: PassDecision;
    permit: { kind: PermitKind; id: string; code: string } | null;
    alertId: string | null;
    /** When the gate first saw the item on this pass (the back-office's clock). */
    at: string;
  };
};

/** Who created, approved or canceled a ticket, as the action context named them. */
export interface Actor {
  id: string | null;
  name: string | null;
}

/** What a gate ticket permits: its items through its gates within [validFrom, validTo] (ISO times), for a reason. */
export interface GateTicketFields {
  reason: string;
  gateIds: string[];
  validFrom: string;
  validTo: string;
  items: GateTicketItem[];
}

/** A gate ticket's facts; each carries what the read model shows, so the projection needs no metadata. */
export type GateTicketEvent =
  | { type: 'GateTicketCreated'; data: { ticketId: string; code: string; createdBy: Actor; fields: GateTicketFields } }
  | { type: 'GateTicketUpdated'; data: { ticketId: string; fields: GateTicketFields } }
  | { type: 'GateTicketApproved'; data: { ticketId: string; by: Actor } }
  | { type: 'GateTicketCanceled'; data: { ticketId: string; by: Actor } }
  /** Its code too: the system log names a deleted ticket, whose rows are gone. */
  | { type: 'GateTicketDeleted'; data: { ticketId: string; code: string } };
