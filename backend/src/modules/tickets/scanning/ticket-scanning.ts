import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { TicketDirection } from '@rfid/contracts';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import type { Tx } from '../../../platform/database/database.js';
import { ReaderClaims, type ReaderClaim } from '../../readers/readers.public.js';
import { decideTicket } from '../domain/ticket-flow.js';
import { ticketModel } from '../domain/ticket-state.js';
import { identifyTags } from './identify-tags.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler } from '../../../platform/cqrs/platform-handler.js';

/** Tags a ticket's readers read in its step (a batch, each tag once): counted, or listed apart. */
export class CountTicketTags extends commandOf<{ ticketId: string; epcs: string[] }>() {}

@CommandHandler(CountTicketTags)
export class CountTicketTagsHandler extends PlatformHandler implements ICommandHandler<CountTicketTags> {
  async execute({ ticketId, epcs }: CountTicketTags): Promise<void> {
    await this.platform.commands.execute(ticketModel, ticketId, async (state, { tx }) => {
      // the step ended meanwhile: its claim goes with it, the reads count for nothing
      if (!state.scanning) return [];
      return decideTicket(state, { kind: 'scan', ticketId, step: state.scanning.step, tags: await identifyTags(tx, epcs) });
    });
  }
}

/** The claim of a ticket's readers while it scans. */
const claimOf = (ticketId: string): ReaderClaim => ({ kind: 'ticket', id: ticketId });

/**
 * Scanning on tickets: a ticket that scans claims its readers (`ReaderClaims`: one holder per reader,
 * READER_BUSY otherwise), which starts those in MANUAL operating mode (an AUTOMATIC one reads all the
 * time) and stops them when the step ends; the reads of its readers reach it once per tag and become
 * one `scan` command per batch.
 */
@Injectable()
export class TicketScanning implements OnModuleInit {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly claims: ReaderClaims,
    private readonly commandBus: CommandBus,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.claims.register({
      kind: 'ticket',
      held: async () => {
        const rows = await this.platform.db.selectFrom('tickets').select(['id', 'scanning']).where('scanning', 'is not', null).where('deleted_at', 'is', null).execute();
        return rows.map((r) => ({ id: r.id, readerIds: r.scanning?.readerIds ?? [] }));
      },
      readers: { start: [{ command: 'start' }], manualOnly: true },
      seen: (ticketId) => this.seen(ticketId),
      count: (ticketId, reads) => this.commandBus.execute(new CountTicketTags({ ticketId, epcs: reads.map((o) => o.epc) })),
    });
  }

  /** Starts scanning for the step the ticket is in: its readers claimed and the MANUAL ones started, all or none. */
  async start(direction: TicketDirection, ticketId: string): Promise<void> {
    const { state } = await this.platform.commands.load(ticketModel, ticketId);
    if (!state.exists || state.deleted || state.direction !== direction) throw new AppError('TICKET_NOT_FOUND');
    const started = decideTicket(state, { kind: 'start-scanning', ticketId }).find((e) => e.type === 'TicketScanningStarted');
    if (!started || started.type !== 'TicketScanningStarted') return;
    await this.claims.change(async (tx, claims) => {
      await claims.take(claimOf(ticketId), started.data.readerIds, { startNow: true });
      await this.platform.commands.execute(ticketModel, ticketId, (s) => decideTicket(s, { kind: 'start-scanning', ticketId }), { tx });
    });
  }

  /** Stops counting reads for the ticket, then stops its readers; a reader that does not stop is SCANNING_STOP_FAILED (the ticket has stopped counting all the same). */
  async stop(direction: TicketDirection, ticketId: string): Promise<void> {
    await this.claims.change(async (tx, claims) => {
      await this.platform.commands.execute(
        ticketModel,
        ticketId,
        (state) => {
          if (!state.exists || state.deleted || state.direction !== direction) throw new AppError('TICKET_NOT_FOUND');
          return decideTicket(state, { kind: 'stop-scanning', ticketId });
        },
        { tx },
      );
      await claims.release(claimOf(ticketId), { strict: true });
    });
  }

  /** Runs a command on the ticket; a step it ends (prepared, closed, rolled back) lets its readers go. */
  async changing(ticketId: string, command: (tx: Tx) => Promise<void>): Promise<void> {
    await this.claims.change(async (tx, claims) => {
      await command(tx);
      const row = await tx.selectFrom('tickets').select(['scanning', 'deleted_at']).where('id', '=', ticketId).executeTakeFirst();
      if (!row?.scanning || row.deleted_at) await claims.release(claimOf(ticketId));
    });
  }

  /** What the ticket has seen in its step (counted, apart, removed): read again, it needs no command. */
  private async seen(ticketId: string): Promise<string[]> {
    const { state } = await this.platform.commands.load(ticketModel, ticketId);
    const step = state.scanning?.step;
    return step ? [...state.counted[step].keys(), ...state.apart[step].keys(), ...state.removed[step]] : [];
  }

}
