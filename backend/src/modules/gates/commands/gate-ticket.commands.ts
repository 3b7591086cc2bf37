import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateGateTicketRequest } from '@rfid/contracts';
import { sql } from 'kysely';
import { v7 as timeOrderedUuid } from 'uuid';
import type { Principal } from '../../../platform/auth/principal.js';
import type { DbOrTx } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { productsByIds } from '../../products/products.public.js';
import { readerSummaries } from '../../readers/readers.public.js';
import { sampleAttributes } from '../../samples/samples.public.js';
import { decideGateTicket, gateTicketModel, type GateTicketCommand } from '../domain/gate-ticket.js';
import type { Actor, GateTicketFields } from '../gates.events.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler } from '../../../platform/cqrs/platform-handler.js';

export const actorOf = (by: Principal): Actor => ({ id: by.userId, name: by.username });

function fieldsOf(r: CreateGateTicketRequest): GateTicketFields {
  return { reason: r.reason, gateIds: r.gateIds, validFrom: r.validFrom.toISOString(), validTo: r.validTo.toISOString(), items: r.items };
}

/**
 * What a ticket names must exist: each gate a reader of kind GATE, each sample not deleted, each
 * product (an inactive one too: it may still have to leave). Tags are taken as given.
 */
async function checkReferences(db: DbOrTx, fields: GateTicketFields): Promise<void> {
  const readers = await readerSummaries(db, fields.gateIds);
  for (const id of fields.gateIds) if (readers.get(id)?.kind !== 'GATE') throw new AppError('GATE_NOT_FOUND', { gateId: id });
  const sampleIds = fields.items.flatMap((i) => (i.kind === 'SAMPLE' ? [i.sampleId] : []));
  if (sampleIds.length) {
    const found = await db.selectFrom(sampleAttributes(db).as('s')).select('s.id').where('s.id', 'in', sampleIds).where('s.deleted_at', 'is', null).execute();
    const known = new Set(found.map((s) => s.id));
    // contracts have no SAMPLE_NOT_FOUND: a sample id that names nothing is a wrong request
    for (const id of sampleIds) if (!known.has(id)) throw new AppError('BAD_REQUEST_ERROR', { sampleId: id });
  }
  const productIds = fields.items.flatMap((i) => (i.kind === 'PRODUCT' ? [i.productId] : []));
  const products = await productsByIds(db, productIds);
  for (const id of productIds) if (!products.has(id)) throw new AppError('PRODUCT_NOT_FOUND', { productId: id });
}

/*
 * The gate tickets' commands, each a message on the CommandBus and its handler: the platform's one way on
 * the ticket's stream; references are checked in the command's transaction.
 */

/** A new gate ticket: its code taken inside the transaction (a refused ticket leaves a gap, never a duplicate). */
export class CreateGateTicket extends commandOf<{ request: CreateGateTicketRequest; by: Principal }, { id: string }>() {}

@CommandHandler(CreateGateTicket)
export class CreateGateTicketHandler extends PlatformHandler implements ICommandHandler<CreateGateTicket> {
  async execute({ request, by }: CreateGateTicket): Promise<{ id: string }> {
    const ticketId = timeOrderedUuid();
    const fields = fieldsOf(request);
    await this.platform.db.transaction().execute(async (tx) => {
      await checkReferences(tx, fields);
      const { rows } = await sql<{ code: string }>`select 'GT' || lpad(nextval('gate_ticket_code_seq')::text, 6, '0') as code`.execute(tx);
      const cmd: GateTicketCommand = { kind: 'create', ticketId, code: rows[0]!.code, createdBy: actorOf(by), fields };
      await this.platform.commands.execute(gateTicketModel, ticketId, (state) => decideGateTicket(state, cmd), { tx });
    });
    return { id: ticketId };
  }
}

/** Every field replaced; `version` is the one the form was opened on (another: CONCURRENCY_CONFLICT). */
export class UpdateGateTicket extends commandOf<{ ticketId: string; request: CreateGateTicketRequest; version: number }>() {}

@CommandHandler(UpdateGateTicket)
export class UpdateGateTicketHandler extends PlatformHandler implements ICommandHandler<UpdateGateTicket> {
  async execute({ ticketId, request, version }: UpdateGateTicket): Promise<void> {
    const fields = fieldsOf(request);
    await this.platform.commands.execute(
      gateTicketModel,
      ticketId,
      async (state, { tx }) => {
        // the ticket's own refusals (not found, not editable) come before the references' checks
        const events = decideGateTicket(state, { kind: 'update', ticketId, fields });
        await checkReferences(tx, fields);
        return events;
      },
      { expectedVersion: version },
    );
  }
}

/** A decision on a gate ticket that needs nothing else: delete, approve or cancel. */
export class DecideGateTicket extends commandOf<{ command: Extract<GateTicketCommand, { kind: 'delete' | 'approve' | 'cancel' }> }>() {}

@CommandHandler(DecideGateTicket)
export class DecideGateTicketHandler extends PlatformHandler implements ICommandHandler<DecideGateTicket> {
  async execute({ command }: DecideGateTicket): Promise<void> {
    await this.platform.commands.execute(gateTicketModel, command.ticketId, (state) => decideGateTicket(state, command));
  }
}

export const GATE_TICKET_COMMAND_HANDLERS = [CreateGateTicketHandler, UpdateGateTicketHandler, DecideGateTicketHandler];
