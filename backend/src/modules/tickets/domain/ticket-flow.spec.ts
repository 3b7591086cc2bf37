import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TICKET_ACTIONS, type TicketAction, type TicketDirection, type TicketSource } from '@rfid/contracts';
import { deciderSpec } from '../../../testing/decider-spec.js';
import { allowedActions, decideTicket, type TicketCommand } from './ticket-flow.js';
import { countsOf, ticketModel, type TicketState } from './ticket-state.js';
import type { TicketEvent, TicketFields } from '../tickets.events.js';

const fields: TicketFields = { warehouseId: 'w1', supplierId: 's1', poNumber: 'PO-1', allowedGateId: 'gate', equipmentId: 'hand', note: null };
const created = (direction: TicketDirection, source: TicketSource = 'SUPPLIER'): TicketEvent => ({
  type: 'TicketCreated',
  data: {
    ticketId: 't1',
    code: direction === 'IMPORT' ? 'IT000001' : 'ET000001',
    direction,
    source,
    createdBy: { id: 'creator', name: 'creator' },
    fields,
    lines:
      source === 'SUPPLIER'
        ? [
            { key: 'product:p1', productId: 'p1', sampleId: null, planned: 3 },
            { key: 'product:p2', productId: 'p2', sampleId: null, planned: 2 },
          ]
        : [{ key: 'sample:s1', productId: null, sampleId: 's1', planned: 1 }],
  },
});
const spec = deciderSpec(ticketModel, decideTicket);
/** Plenty of both products in stock, unless a test says otherwise. */
const PLENTY = new Map([
  ['p1', 100],
  ['p2', 100],
]);
const act = (action: TicketAction, actorId: string | null = 'someone', reason: string | null = null, onHand: ReadonlyMap<string, number> = PLENTY, reserved: ReadonlyMap<string, number> = new Map()): TicketCommand => ({
  kind: 'action',
  ticketId: 't1',
  action,
  actorId,
  reason,
  onHand,
  reserved,
});

/** The events of a ticket taken through these actions in order. */
function through(direction: TicketDirection, actions: TicketAction[], source: TicketSource = 'SUPPLIER'): TicketEvent[] {
  const events: TicketEvent[] = [created(direction, source)];
  for (const a of actions) events.push(...decideTicket(spec.fold(events), act(a)));
  return events;
}
const stateAfter = (direction: TicketDirection, actions: TicketAction[]) => spec.fold(through(direction, actions));

describe('ticket flows', () => {
  const importPath: TicketAction[] = ['prepare', 'prepared', 'start', 'close'];
  const exportPath: TicketAction[] = ['prepare', 'prepared', 'submit', 'approve', 'start', 'close'];

  it('an import ticket goes NEW → PREPARING → PREPARED → DOING → DONE, and only that way', () => {
    const flows = [spec.fold([created('IMPORT')]).flow];
    for (let i = 1; i <= importPath.length; i++) flows.push(stateAfter('IMPORT', importPath.slice(0, i)).flow);
    assert.deepEqual(flows, ['NEW', 'PREPARING', 'PREPARED', 'DOING', 'DONE']);
  });

  it('an export ticket is submitted, then approved before it may start', () => {
    const s = stateAfter('EXPORT', exportPath.slice(0, 4));
    assert.deepEqual([s.flow, s.approval], ['PREPARED', 'APPROVED']);
    assert.equal(stateAfter('EXPORT', exportPath).flow, 'DONE');
    spec.given(through('EXPORT', ['prepare', 'prepared'])).when(act('start')).thenRefused('TICKET_ACTION_NOT_ALLOWED');
    spec.given(through('EXPORT', ['prepare', 'prepared', 'submit'])).when(act('start')).thenRefused('TICKET_ACTION_NOT_ALLOWED');
  });

  it('every action refused from every state where the flow does not allow it', () => {
    for (const [direction, path] of [['IMPORT', importPath], ['EXPORT', exportPath]] as const) {
      for (let i = 0; i <= path.length; i++) {
        const events = through(direction, path.slice(0, i));
        const state = spec.fold(events);
        const allowed = new Set(allowedActions(state));
        for (const action of TICKET_ACTIONS) {
          if (allowed.has(action)) {
            assert.ok(decideTicket(state, act(action, 'someone', 'because')).length > 0, `${direction} ${state.flow}/${state.approval}: ${action} records its event`);
          } else {
            assert.equal(spec.refusal(state, act(action)), 'TICKET_ACTION_NOT_ALLOWED', `${direction} ${state.flow}/${state.approval}: ${action} refused`);
          }
        }
      }
    }
    // import tickets know no approval
    for (const a of ['submit', 'approve', 'cancel'] as const) assert.ok(!allowedActions(stateAfter('IMPORT', ['prepare', 'prepared'])).includes(a));
  });

  it('the creator neither approves nor cancels; a cancelled ticket may be submitted again', () => {
    const awaiting = through('EXPORT', ['prepare', 'prepared', 'submit']);
    spec.given(awaiting).when(act('approve', 'creator')).thenRefused('APPROVER_IS_CREATOR');
    spec.given(awaiting).when(act('cancel', 'creator')).thenRefused('APPROVER_IS_CREATOR');
    const cancelled = [...awaiting, ...decideTicket(spec.fold(awaiting), act('cancel', 'boss', 'wrong quantities'))];
    assert.equal(spec.fold(cancelled).approval, 'CANCELED');
    assert.deepEqual(allowedActions(spec.fold(cancelled)).filter((a) => a !== 'rollback'), ['submit']);
  });

  it('changes only while NEW or PREPARING, deleted only while NEW', () => {
    const update: TicketCommand = { kind: 'update', ticketId: 't1', fields, lines: [] };
    spec.given(through('IMPORT', ['prepare'])).when(update).then([{ type: 'TicketUpdated', data: { ticketId: 't1', fields, lines: [] } }]);
    spec.given(through('IMPORT', ['prepare', 'prepared'])).when(update).thenRefused('TICKET_NOT_EDITABLE');
    spec.given(through('IMPORT', ['prepare'])).when({ kind: 'delete', ticketId: 't1' }).thenRefused('TICKET_NOT_DELETABLE');
    spec.given([created('IMPORT')]).when({ kind: 'delete', ticketId: 't1' }).then([{ type: 'TicketDeleted', data: { ticketId: 't1' } }]);
    spec.given([created('IMPORT'), { type: 'TicketDeleted', data: { ticketId: 't1' } }]).when(act('prepare')).thenRefused('TICKET_NOT_FOUND');
  });
});

describe('ticket scanning', () => {
  const scan = (step: 'PREPARING' | 'DOING', tags: [string, string | null, number?][]): TicketCommand => ({
    kind: 'scan',
    ticketId: 't1',
    step,
    tags: tags.map(([epc, key, units]) => ({ epc, identified: key ? { key, units: units ?? 1 } : null })),
  });

  it('each tag counts once per step; unknown, not on the ticket and over planned are listed apart', () => {
    const receiving = through('IMPORT', ['prepare', 'prepared', 'start']);
    const events = decideTicket(
      spec.fold(receiving),
      scan('DOING', [
        ['E1', 'product:p1'],
        ['E1', 'product:p1'],
        ['E2', 'product:p1'],
        ['E3', 'product:p1'],
        ['E4', 'product:p1'],
        ['E5', 'product:p9'],
        ['E6', null],
        ['E7', 'product:p2', 2],
      ]),
    );
    const s = spec.fold([...receiving, ...events]);
    assert.deepEqual(Object.fromEntries(countsOf(s, 'DOING')), { 'product:p1': 3, 'product:p2': 2 });
    assert.deepEqual(
      [...s.apart.DOING.values()].map((a) => [a.epc, a.reason]),
      [
        ['E4', 'OVER_PLANNED'],
        ['E5', 'NOT_ON_TICKET'],
        ['E6', 'UNKNOWN'],
      ],
    );
    // read again (another antenna, another reader): nothing new
    assert.deepEqual(decideTicket(s, scan('DOING', [['E1', 'product:p1'], ['E6', null]])), []);
    // reads for a step that has ended count for nothing
    assert.deepEqual(decideTicket(s, scan('PREPARING', [['E8', 'product:p2']])), []);
  });

  it('an apart tag accepted counts (a product not on the ticket joins it); a removed one stays out when read again', () => {
    const receiving = through('IMPORT', ['prepare', 'prepared', 'start']);
    const scanned = [...receiving, ...decideTicket(spec.fold(receiving), scan('DOING', [['E5', 'product:p9'], ['E6', null]]))];
    const accepted = [...scanned, ...decideTicket(spec.fold(scanned), { kind: 'decide-apart', ticketId: 't1', decision: 'accept', epcs: ['E5'] })];
    const s = spec.fold(accepted);
    assert.equal(countsOf(s, 'DOING').get('product:p9'), 1);
    assert.ok(s.lines.some((l) => l.key === 'product:p9' && l.planned === 0));
    const removed = [...accepted, ...decideTicket(s, { kind: 'decide-apart', ticketId: 't1', decision: 'remove', epcs: ['E6'] })];
    assert.deepEqual(decideTicket(spec.fold(removed), scan('DOING', [['E6', null]])), []);
  });

  it('scanning starts with the readers of the step, and needs one', () => {
    spec.given(through('IMPORT', ['prepare'])).when({ kind: 'start-scanning', ticketId: 't1' }).then([
      { type: 'TicketScanningStarted', data: { ticketId: 't1', step: 'PREPARING', readerIds: ['hand'] } },
    ]);
    spec.given(through('IMPORT', ['prepare', 'prepared', 'start'])).when({ kind: 'start-scanning', ticketId: 't1' }).then([
      { type: 'TicketScanningStarted', data: { ticketId: 't1', step: 'DOING', readerIds: ['gate', 'hand'] } },
    ]);
    spec.given(through('IMPORT', ['prepare', 'prepared'])).when({ kind: 'start-scanning', ticketId: 't1' }).thenRefused('TICKET_ACTION_NOT_ALLOWED');
    spec.given(through('IMPORT', ['prepare'])).when({ kind: 'stop-scanning', ticketId: 't1' }).thenRefused('TICKET_NOT_SCANNING');
    const noReader: TicketEvent = { type: 'TicketUpdated', data: { ticketId: 't1', fields: { ...fields, equipmentId: null }, lines: [] } };
    spec.given([...through('IMPORT', ['prepare']), noReader]).when({ kind: 'start-scanning', ticketId: 't1' }).thenRefused('TICKET_NO_READER');
  });
});

describe('closing and rolling back', () => {
  const scanned = (direction: TicketDirection, source: TicketSource) => {
    const doing = through(direction, direction === 'IMPORT' ? ['prepare', 'prepared', 'start'] : ['prepare', 'prepared', 'submit', 'approve', 'start'], source);
    const tags = source === 'SUPPLIER' ? [{ epc: 'E1', identified: { key: 'product:p1', units: 1 } }, { epc: 'E2', identified: { key: 'product:p1', units: 1 } }] : [{ epc: 'S1', identified: { key: 'sample:s1', units: 1 } }];
    return [...doing, ...decideTicket(spec.fold(doing), { kind: 'scan', ticketId: 't1', step: 'DOING', tags })];
  };

  it('closing moves the actual quantities: in on import, out on export; samples out on an internal export, back in on an import', () => {
    const closeOf = (events: TicketEvent[]) => decideTicket(spec.fold(events), act('close'))[0]!;
    assert.deepEqual(closeOf(scanned('IMPORT', 'SUPPLIER')).data, { ticketId: 't1', movements: [{ productId: 'p1', warehouseId: 'w1', quantity: 2 }], samples: [] });
    assert.deepEqual(closeOf(scanned('EXPORT', 'SUPPLIER')).data, { ticketId: 't1', movements: [{ productId: 'p1', warehouseId: 'w1', quantity: -2 }], samples: [] });
    assert.deepEqual(closeOf(scanned('EXPORT', 'INTERNAL')).data, { ticketId: 't1', movements: [], samples: [{ sampleId: 's1', to: 'OUT' }] });
    assert.deepEqual(closeOf(scanned('IMPORT', 'INTERNAL')).data, { ticketId: 't1', movements: [], samples: [{ sampleId: 's1', to: 'IN' }] });
  });

  it('a rollback returns to the state before the last transition and reverses what it did', () => {
    const doing = scanned('IMPORT', 'SUPPLIER');
    const closed = [...doing, ...decideTicket(spec.fold(doing), act('close'))];
    const back = decideTicket(spec.fold(closed), act('rollback', 'someone', 'counted twice'))[0]!;
    assert.equal(back.type, 'TicketRolledBack');
    assert.deepEqual(back.type === 'TicketRolledBack' && [back.data.from, back.data.to, back.data.reason, back.data.reversed?.movements, back.data.discarded], [
      'DONE',
      'DOING',
      'counted twice',
      [{ productId: 'p1', warehouseId: 'w1', quantity: 2 }],
      null,
    ]);
    const reopened = spec.fold([...closed, back]);
    assert.equal(countsOf(reopened, 'DOING').get('product:p1'), 2, 'the scans of the receiving stay');
    // from receiving back to prepared: its scans discarded
    const back2 = decideTicket(reopened, act('rollback', 'someone', 'scanned at the wrong gate'))[0]!;
    assert.deepEqual(back2.type === 'TicketRolledBack' && [back2.data.to, back2.data.discarded], ['PREPARED', { step: 'DOING', tags: 2 }]);
    const prepared = spec.fold([...closed, back, back2]);
    assert.equal(countsOf(prepared, 'DOING').size, 0);
    // the approval is undone too
    const approved = through('EXPORT', ['prepare', 'prepared', 'submit', 'approve']);
    const undone = spec.fold([...approved, ...decideTicket(spec.fold(approved), act('rollback', 'someone', 'approved too soon'))]);
    assert.equal(undone.approval, 'AWAITING');
    spec.given([created('IMPORT')]).when(act('rollback', 'someone', 'nothing to undo')).thenRefused('TICKET_ACTION_NOT_ALLOWED');
    // a rollback always says why
    for (const reason of [null, '', '   ']) spec.given(closed).when(act('rollback', 'someone', reason)).thenRefused('REASON_REQUIRED');
  });

  it('stock never goes below zero: an export closes only with the stock on hand, a receipt is rolled back only while its units are still there', () => {
    const exporting = scanned('EXPORT', 'SUPPLIER');
    spec.given(exporting).when(act('close', 'someone', null, new Map([['p1', 1]]))).thenRefused('STOCK_WOULD_GO_NEGATIVE');
    assert.throws(() => decideTicket(spec.fold(exporting), act('close', 'someone', null, new Map())), (err: { details?: unknown }) => {
      assert.deepEqual(err.details, { productId: 'p1', warehouseId: 'w1', onHand: 0, change: -2 });
      return true;
    });
    assert.equal(decideTicket(spec.fold(exporting), act('close', 'someone', null, new Map([['p1', 2]])))[0]!.type, 'TicketClosed', 'exactly what is on hand goes out');
    const receiving = scanned('IMPORT', 'SUPPLIER');
    const received = [...receiving, ...decideTicket(spec.fold(receiving), act('close'))];
    // 2 received, 1 of them exported since: taking the receipt back would leave -1
    spec.given(received).when(act('rollback', 'someone', 'counted twice', new Map([['p1', 1]]))).thenRefused('STOCK_WOULD_GO_NEGATIVE');
    assert.equal(decideTicket(spec.fold(received), act('rollback', 'someone', 'counted twice', new Map([['p1', 2]])))[0]!.type, 'TicketRolledBack');
    // a rollback that reverses no close moves no stock, whatever is on hand
    assert.equal(decideTicket(spec.fold(receiving), act('rollback', 'someone', 'wrong gate', new Map()))[0]!.type, 'TicketRolledBack');
  });

  it('an approved export may be cancelled, by an approver who is not its creator, until it starts', () => {
    const approved = through('EXPORT', ['prepare', 'prepared', 'submit', 'approve']);
    assert.equal(spec.fold([...approved, ...decideTicket(spec.fold(approved), act('cancel', 'boss', 'order withdrawn'))]).approval, 'CANCELED');
    spec.given(approved).when(act('cancel', 'creator', 'changed my mind')).thenRefused('APPROVER_IS_CREATOR');
    spec.given(through('EXPORT', ['prepare', 'prepared', 'submit', 'approve', 'start'])).when(act('cancel', 'boss', 'too late')).thenRefused('TICKET_ACTION_NOT_ALLOWED');
  });

  it('an export is approved only against what is available: on hand less what other approved exports hold', () => {
    const awaiting = through('EXPORT', ['prepare', 'prepared', 'submit']);
    // p1 planned 3, p2 planned 2
    spec.given(awaiting).when(act('approve', 'boss', null, new Map([['p1', 5], ['p2', 2]]), new Map([['p1', 3]]))).thenRefused('STOCK_NOT_AVAILABLE');
    assert.equal(decideTicket(spec.fold(awaiting), act('approve', 'boss', null, new Map([['p1', 6], ['p2', 2]]), new Map([['p1', 3]])))[0]!.type, 'TicketMoved');
  });

  it('a state folds the same whichever way it is reached (no shared mutable state between folds)', () => {
    const a: TicketState = spec.fold(scanned('IMPORT', 'SUPPLIER'));
    const b: TicketState = spec.fold(scanned('IMPORT', 'SUPPLIER'));
    a.counted.DOING.clear();
    assert.equal(b.counted.DOING.size, 2);
    assert.equal(ticketModel.initial.counted.DOING.size, 0);
  });
});
