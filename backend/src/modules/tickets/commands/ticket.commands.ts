import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  pickFields,
  recordFields,
  TICKET_FIELDS,
  normalizeTagCode,
  tagCodeProblem,
  type CreateTicketRequest,
  type TicketAction,
  type TicketDirection,
  type TicketScansResult,
  type TicketSource,
  type UpdateTicketRequest,
} from '@rfid/contracts';
import { sql } from 'kysely';
import type { Principal } from '../../../platform/auth/principal.js';
import { v7 as timeOrderedUuid } from 'uuid';
import type { DbOrTx, Tx } from '../../../platform/database/database.js';
import { referencedIds, referenceProblems } from '../../../platform/entity-fields/references.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { masterDataItemsByIds } from '../../master-data/master-data.public.js';
import { productsByIds } from '../../products/products.public.js';
import { readerSummaries } from '../../readers/readers.public.js';
import { sampleAttributes } from '../../samples/samples.public.js';
import { decideTicket, scanStepOf, type TicketCommand } from '../domain/ticket-flow.js';
import { ticketModel, type TicketState } from '../domain/ticket-state.js';
import { stockFor } from '../stock/stock.queries.js';
import { lockStreams } from '../../../platform/commands/stream-commands.js';
import type { PlannedLine, TicketFields } from '../tickets.events.js';
import { identifyTags } from '../scanning/identify-tags.js';
import { TicketScanning } from '../scanning/ticket-scanning.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler } from '../../../platform/cqrs/platform-handler.js';

/** The ticket's fields from a request. */
const fieldsOf = (r: UpdateTicketRequest): TicketFields => pickFields(TICKET_FIELDS, r);

function linesOf(source: TicketSource, r: UpdateTicketRequest): PlannedLine[] {
  return source === 'SUPPLIER'
    ? r.lines.map((l) => ({ key: `product:${l.productId}`, productId: l.productId, sampleId: null, planned: l.planned }))
    : r.sampleIds.map((id) => ({ key: `sample:${id}`, productId: null, sampleId: id, planned: 1 }));
}


/**
 * What a ticket's request names must exist: an active warehouse (zone), supplier, readers; active
 * products; samples not deleted and, for an internal export, in the sample room (not already out on a
 * ticket), for an internal import, out.
 */
async function checkReferences(db: DbOrTx, direction: TicketDirection, source: TicketSource, fields: TicketFields, lines: PlannedLine[]): Promise<void> {
  const itemIds = referencedIds(TICKET_FIELDS, fields).filter((id): id is string => !!id);
  const [problem] = referenceProblems(TICKET_FIELDS, fields, await masterDataItemsByIds(db, itemIds));
  if (problem) throw new AppError(problem.code, { id: fields[problem.field] });
  const readerIds = recordFields(TICKET_FIELDS).flatMap((f) => (fields[f.key] ? [fields[f.key]!] : []));
  const readers = await readerSummaries(db, readerIds);
  for (const id of readerIds) if (!readers.has(id)) throw new AppError('READER_NOT_FOUND', { readerId: id });
  const productIds = lines.flatMap((l) => (l.productId ? [l.productId] : []));
  const products = await productsByIds(db, productIds);
  for (const id of productIds) {
    const p = products.get(id);
    if (!p || p.status !== 'ACTIVE') throw new AppError('PRODUCT_NOT_FOUND', { productId: id });
  }
  const sampleIds = lines.flatMap((l) => (l.sampleId ? [l.sampleId] : []));
  if (source === 'INTERNAL' && sampleIds.length) {
    const found = await db
      .selectFrom(sampleAttributes(db).as('s'))
      .leftJoin('sample_whereabouts as w', 'w.sample_id', 's.id')
      .select(['s.id', 's.deleted_at', 'w.state'])
      .where('s.id', 'in', sampleIds)
      .execute();
    const byId = new Map(found.map((s) => [s.id, s]));
    for (const id of sampleIds) {
      const s = byId.get(id);
      if (!s || s.deleted_at) throw new AppError('NOT_FOUND', { sampleId: id });
      const out = s.state === 'OUT';
      if (direction === 'EXPORT' && out) throw new AppError('SAMPLE_NOT_AVAILABLE', { sampleId: id });
      if (direction === 'IMPORT' && !out) throw new AppError('SAMPLE_NOT_OUT', { sampleId: id });
    }
  }
}

/** A ticket command decided on its stream; a ticket of the other direction is TICKET_NOT_FOUND. */
async function decideOnTicket(
  platform: Platform,
  ticketId: string,
  command: TicketCommand | ((state: TicketState, tx: Tx) => Promise<TicketCommand>),
  opts: { tx?: Tx; direction?: TicketDirection } = {},
): Promise<void> {
  await platform.commands.execute(
    ticketModel,
    ticketId,
    async (state, { tx }) => {
      if (opts.direction && state.exists && state.direction !== opts.direction) throw new AppError('TICKET_NOT_FOUND');
      return decideTicket(state, typeof command === 'function' ? await command(state, tx) : command);
    },
    { tx: opts.tx },
  );
}

/**
 * The stock of a ticket's products in its warehouse now, and what other export tickets hold of it.
 * Each product's stock there is locked until the transaction ends (in key order), so two closes,
 * rollbacks or approvals of one product are decided one after the other, never on the same figure.
 */
async function stockFacts(tx: Tx, ticketId: string, state: TicketState): Promise<{ onHand: Map<string, number>; reserved: Map<string, number> }> {
  const productIds = [...new Set(state.lines.flatMap((l) => (l.productId ? [l.productId] : [])))];
  if (!productIds.length || !state.fields) return { onHand: new Map(), reserved: new Map() };
  const warehouseId = state.fields.warehouseId;
  await lockStreams(tx, productIds.map((productId) => `stock-${warehouseId}-${productId}`));
  return stockFor(tx, ticketId, warehouseId, productIds);
}

/** The actions decided against the stock: a close and a rollback move it, an approval takes from what is available. */
const AGAINST_STOCK: readonly TicketAction[] = ['close', 'rollback', 'approve'];

/*
 * The tickets module's commands, each a message on the CommandBus and its handler: the platform's one
 * way on the ticket's stream. What a decision needs from elsewhere (the catalogue, products, samples,
 * readers) is read in the command's transaction; what a step changes on the devices (starting and
 * stopping the readers) is done by the scanning service around it.
 */

/** A new ticket: its code from the direction's sequence, what it names checked. */
export class CreateTicket extends commandOf<{ direction: TicketDirection; request: CreateTicketRequest; by: Principal }, { id: string }>() {}

@CommandHandler(CreateTicket)
export class CreateTicketHandler extends PlatformHandler implements ICommandHandler<CreateTicket> {
  async execute({ direction, request: r, by }: CreateTicket): Promise<{ id: string }> {
    const ticketId = timeOrderedUuid();
    const fields = fieldsOf(r);
    const lines = linesOf(r.source, r);
    await this.platform.db.transaction().execute(async (tx) => {
      await checkReferences(tx, direction, r.source, fields, lines);
      const sequence = direction === 'IMPORT' ? 'import_ticket_code_seq' : 'export_ticket_code_seq';
      const { rows } = await sql<{ code: string }>`select ${direction === 'IMPORT' ? 'IT' : 'ET'} || lpad(nextval(${sequence})::text, 6, '0') as code`.execute(tx);
      const cmd: TicketCommand = { kind: 'create', ticketId, code: rows[0]!.code, direction, source: r.source, createdBy: { id: by.userId, name: by.username }, fields, lines };
      await decideOnTicket(this.platform, cmd.ticketId, cmd, { tx });
    });
    return { id: ticketId };
  }
}

/** A ticket's fields and lines replaced, at the version the form was opened on. */
export class UpdateTicket extends commandOf<{ direction: TicketDirection; ticketId: string; request: UpdateTicketRequest; expectedVersion?: number }>() {}

@CommandHandler(UpdateTicket)
export class UpdateTicketHandler extends PlatformHandler implements ICommandHandler<UpdateTicket> {
  async execute({ direction, ticketId, request: r, expectedVersion }: UpdateTicket): Promise<void> {
    await this.platform.commands.execute(
      ticketModel,
      ticketId,
      async (state, { tx }) => {
        if (!state.exists || state.direction !== direction) throw new AppError('TICKET_NOT_FOUND');
        const fields = fieldsOf(r);
        const lines = linesOf(state.source, r);
        await checkReferences(tx, direction, state.source, fields, lines);
        return decideTicket(state, { kind: 'update', ticketId, fields, lines });
      },
      { expectedVersion },
    );
  }
}

/** A ticket deleted while NEW. */
export class DeleteTicket extends commandOf<{ direction: TicketDirection; ticketId: string }>() {}

@CommandHandler(DeleteTicket)
export class DeleteTicketHandler extends PlatformHandler implements ICommandHandler<DeleteTicket> {
  execute({ direction, ticketId }: DeleteTicket): Promise<void> {
    return decideOnTicket(this.platform, ticketId, { kind: 'delete', ticketId }, { direction });
  }
}

/** A step of the flow (prepare ... close, approve, cancel, rollback); the readers of a step that ends are stopped. */
export class ActOnTicket extends commandOf<{ direction: TicketDirection; ticketId: string; action: TicketAction; reason: string | null; by: Principal }>() {}

@CommandHandler(ActOnTicket)
export class ActOnTicketHandler implements ICommandHandler<ActOnTicket> {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly scanning: TicketScanning,
  ) {}

  async execute({ direction, ticketId, action, reason, by }: ActOnTicket): Promise<void> {
    const none = { onHand: new Map(), reserved: new Map() };
    await this.scanning.changing(ticketId, (tx) =>
      decideOnTicket(
        this.platform,
        ticketId,
        async (state, tx) => ({ kind: 'action', ticketId, action, actorId: by.userId, reason, ...(AGAINST_STOCK.includes(action) ? await stockFacts(tx, ticketId, state) : none) }),
        { direction, tx },
      ),
    );
  }
}

/** The ticket's readers start (`start`) or stop counting for the step it is in. */
export class ScanTicket extends commandOf<{ direction: TicketDirection; ticketId: string; scanning: 'start' | 'stop' }>() {}

@CommandHandler(ScanTicket)
export class ScanTicketHandler implements ICommandHandler<ScanTicket> {
  constructor(private readonly scanning: TicketScanning) {}

  execute({ direction, ticketId, scanning }: ScanTicket): Promise<void> {
    return scanning === 'start' ? this.scanning.start(direction, ticketId) : this.scanning.stop(direction, ticketId);
  }
}

/** Tags scanned elsewhere (a handheld that syncs later, a pasted list), counted for the step the ticket is in. */
export class AddTicketScans extends commandOf<{ direction: TicketDirection; ticketId: string; codes: string[] }, TicketScansResult>() {}

@CommandHandler(AddTicketScans)
export class AddTicketScansHandler extends PlatformHandler implements ICommandHandler<AddTicketScans> {
  async execute({ direction, ticketId, codes }: AddTicketScans): Promise<TicketScansResult> {
    const invalid: string[] = [];
    const epcs: string[] = [];
    for (const text of codes) {
      const epc = normalizeTagCode(text);
      if (tagCodeProblem(epc)) invalid.push(text);
      else epcs.push(epc);
    }
    let result = { counted: 0, apart: 0 };
    await this.platform.commands.execute(ticketModel, ticketId, async (state, { tx }) => {
      if (!state.exists || state.deleted || state.direction !== direction) throw new AppError('TICKET_NOT_FOUND');
      const step = scanStepOf(state.flow);
      if (!step) throw new AppError('TICKET_ACTION_NOT_ALLOWED', { action: 'scans', flow: state.flow });
      const events = decideTicket(state, { kind: 'scan', ticketId, step, tags: await identifyTags(tx, epcs) });
      for (const e of events) if (e.type === 'TicketTagsScanned') result = { counted: e.data.counted.length, apart: e.data.apart.length };
      return events;
    });
    return { ...result, repeated: epcs.length - result.counted - result.apart, invalid };
  }
}

/** Tags listed apart accepted onto the ticket or removed from it. */
export class DecideTicketApart extends commandOf<{ direction: TicketDirection; ticketId: string; decision: 'accept' | 'remove'; epcs: string[] }>() {}

@CommandHandler(DecideTicketApart)
export class DecideTicketApartHandler extends PlatformHandler implements ICommandHandler<DecideTicketApart> {
  execute({ direction, ticketId, decision, epcs }: DecideTicketApart): Promise<void> {
    return decideOnTicket(this.platform, ticketId, { kind: 'decide-apart', ticketId, decision, epcs: epcs.map(normalizeTagCode) }, { direction });
  }
}

export const TICKET_COMMAND_HANDLERS = [CreateTicketHandler, UpdateTicketHandler, DeleteTicketHandler, ActOnTicketHandler, ScanTicketHandler, AddTicketScansHandler, DecideTicketApartHandler];
