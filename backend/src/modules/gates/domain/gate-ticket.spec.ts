import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deciderSpec } from '../../../testing/decider-spec.js';
import { decideGateTicket, gateTicketModel, type GateTicketCommand } from './gate-ticket.js';
import type { GateTicketEvent, GateTicketFields } from '../gates.events.js';

const fields: GateTicketFields = {
  reason: 'Mẫu đi hội chợ',
  gateIds: ['g1'],
  validFrom: '2026-03-01T08:00:00.000Z',
  validTo: '2026-03-01T18:00:00.000Z',
  items: [
    { kind: 'SAMPLE', sampleId: 's1' },
    { kind: 'PRODUCT', productId: 'p1', quantity: 5 },
    { kind: 'TAG', tagCode: 'E28011606000020A1B2C0001' },
  ],
};
const creator = { id: 'creator', name: 'kho.clerk' };
const boss = { id: 'boss', name: 'truong.kho' };
const created: GateTicketEvent = { type: 'GateTicketCreated', data: { ticketId: 't1', code: 'GT000001', createdBy: creator, fields } };
const approved: GateTicketEvent = { type: 'GateTicketApproved', data: { ticketId: 't1', by: boss } };
const canceled: GateTicketEvent = { type: 'GateTicketCanceled', data: { ticketId: 't1', by: boss } };
const deleted: GateTicketEvent = { type: 'GateTicketDeleted', data: { ticketId: 't1', code: 'GT000001' } };
const spec = deciderSpec(gateTicketModel, decideGateTicket);

const create: GateTicketCommand = { kind: 'create', ticketId: 't1', code: 'GT000001', createdBy: creator, fields };
const changed = { ...fields, reason: 'Đổi cổng', gateIds: ['g1', 'g2'] };
const update: GateTicketCommand = { kind: 'update', ticketId: 't1', fields: changed };
const remove: GateTicketCommand = { kind: 'delete', ticketId: 't1' };
const approve = (by = boss): GateTicketCommand => ({ kind: 'approve', ticketId: 't1', by });
const cancel = (by = boss): GateTicketCommand => ({ kind: 'cancel', ticketId: 't1', by });
const backwards = { ...fields, validFrom: fields.validTo, validTo: fields.validFrom };

describe('gate tickets', () => {
  it('is created CREATED, with its code, creator and fields', () => {
    spec.given([]).when(create).then([created]);
    const s = spec.fold([created]);
    assert.deepEqual([s.exists, s.state, s.code, s.createdBy, s.fields], [true, 'CREATED', 'GT000001', creator, fields]);
    spec.given([created]).when(create).thenRefused('CONCURRENCY_CONFLICT');
  });

  it('its window ends after it starts, on create and on update', () => {
    spec.given([]).when({ ...create, fields: backwards }).thenRefused('VALID_RANGE_NOT_VALID');
    spec.given([]).when({ ...create, fields: { ...fields, validTo: fields.validFrom } }).thenRefused('VALID_RANGE_NOT_VALID');
    spec.given([created]).when({ ...update, fields: backwards }).thenRefused('VALID_RANGE_NOT_VALID');
  });

  it('is changed (every field replaced) and deleted while CREATED', () => {
    spec.given([created]).when(update).then([{ type: 'GateTicketUpdated', data: { ticketId: 't1', fields: changed } }]);
    assert.deepEqual(spec.fold([created, ...decideGateTicket(spec.fold([created]), update)]).fields, changed);
    spec.given([created]).when(remove).then([deleted]);
  });

  it('an approver who is not the creator approves or cancels it; the creator does neither', () => {
    spec.given([created]).when(approve()).then([approved]);
    spec.given([created]).when(cancel()).then([canceled]);
    spec.given([created]).when(approve(creator)).thenRefused('APPROVER_IS_CREATOR');
    spec.given([created]).when(cancel(creator)).thenRefused('APPROVER_IS_CREATOR');
    assert.equal(spec.fold([created, approved]).state, 'APPROVED');
    assert.equal(spec.fold([created, canceled]).state, 'CANCELED');
  });

  it('once approved or canceled it is neither changed, deleted, approved nor canceled again', () => {
    for (const decided of [approved, canceled]) {
      for (const cmd of [update, remove, approve(), cancel()]) spec.given([created, decided]).when(cmd).thenRefused('GATE_TICKET_NOT_EDITABLE');
    }
  });

  it('a ticket never created, or deleted, is not found', () => {
    for (const cmd of [update, remove, approve(), cancel()]) {
      spec.given([]).when(cmd).thenRefused('GATE_TICKET_NOT_FOUND');
      spec.given([created, deleted]).when(cmd).thenRefused('GATE_TICKET_NOT_FOUND');
    }
  });
});
