import type { GateTicketState as ApprovalState } from '@rfid/contracts';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import { AppError } from '../../../platform/errors/app-error.js';
import type { Actor, GateTicketEvent, GateTicketFields } from '../gates.events.js';

export interface GateTicketState {
  exists: boolean;
  deleted: boolean;
  code: string;
  createdBy: Actor;
  state: ApprovalState;
  fields: GateTicketFields | null;
}

const initial: GateTicketState = { exists: false, deleted: false, code: '', createdBy: { id: null, name: null }, state: 'CREATED', fields: null };

export const gateTicketModel: StreamModel<GateTicketState, GateTicketEvent> = {
  streamType: 'gate-ticket',
  streamId: (id) => `gate-ticket-${id}`,
  initial,
  evolve(state, event) {
    switch (event.type) {
      case 'GateTicketCreated':
        return { ...initial, exists: true, code: event.data.code, createdBy: event.data.createdBy, fields: event.data.fields };
      case 'GateTicketUpdated':
        return { ...state, fields: event.data.fields };
      case 'GateTicketApproved':
        return { ...state, state: 'APPROVED' };
      case 'GateTicketCanceled':
        return { ...state, state: 'CANCELED' };
      case 'GateTicketDeleted':
        return { ...state, deleted: true };
    }
  },
};

export type GateTicketCommand =
  | { kind: 'create'; ticketId: string; code: string; createdBy: Actor; fields: GateTicketFields }
  | { kind: 'update'; ticketId: string; fields: GateTicketFields }
  | { kind: 'delete'; ticketId: string }
  | { kind: 'approve' | 'cancel'; ticketId: string; by: Actor };

// The request schema checks the range too; the decider keeps the rule for every other caller.
function checkRange(fields: GateTicketFields): void {
  if (!(Date.parse(fields.validTo) > Date.parse(fields.validFrom))) throw new AppError('VALID_RANGE_NOT_VALID', { validFrom: fields.validFrom, validTo: fields.validTo });
}

/**
 * The rules of a gate ticket. It is changed (a full replace) or deleted only while CREATED; an
 * approver who is not its creator approves or cancels it, once: CREATED → APPROVED or CANCELED.
 * Its window ends after it starts. A deleted ticket is not found.
 */
export function decideGateTicket(state: GateTicketState, cmd: GateTicketCommand): GateTicketEvent[] {
  if (cmd.kind === 'create') {
    if (state.exists) throw new AppError('CONCURRENCY_CONFLICT');
    checkRange(cmd.fields);
    return [{ type: 'GateTicketCreated', data: { ticketId: cmd.ticketId, code: cmd.code, createdBy: cmd.createdBy, fields: cmd.fields } }];
  }
  if (!state.exists || state.deleted) throw new AppError('GATE_TICKET_NOT_FOUND');
  if (state.state !== 'CREATED') throw new AppError('GATE_TICKET_NOT_EDITABLE', { state: state.state });
  const { ticketId } = cmd;
  switch (cmd.kind) {
    case 'update':
      checkRange(cmd.fields);
      return [{ type: 'GateTicketUpdated', data: { ticketId, fields: cmd.fields } }];
    case 'delete':
      return [{ type: 'GateTicketDeleted', data: { ticketId, code: state.code } }];
    case 'approve':
    case 'cancel':
      if (cmd.by.id !== null && cmd.by.id === state.createdBy.id) throw new AppError('APPROVER_IS_CREATOR');
      return [{ type: cmd.kind === 'approve' ? 'GateTicketApproved' : 'GateTicketCanceled', data: { ticketId, by: cmd.by } }];
  }
}
