import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { P, REALTIME_EVENTS, type TicketDirection, type TicketProgressPush } from '@rfid/contracts';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { isDatabaseUnavailable } from '../../../platform/database/database-faults.js';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway.js';
import { DeviceCommands, ObservationBus, readerSummaries, type Observation } from '../../readers/readers.public.js';
import { decideTicket, ticketModel, type ScanStep } from '../domain/ticket.js';
import { identifyTags } from './identify-tags.js';

/** Whoever may see a ticket's detail is pushed its progress. */
const DETAIL_PERMISSION = { IMPORT: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_DETAIL, EXPORT: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL } as const;

interface Scanned {
  ticketId: string;
  direction: TicketDirection;
  step: ScanStep;
  readerIds: string[];
  /** The EPCs the ticket has seen in this step (counted, apart, removed): read again, they need no command. */
  seen: Set<string> | undefined;
}

/**
 * Scanning on tickets: which tickets the readers' observations count for now (a reader scans for one
 * ticket at a time), starting and stopping the readers that need it (those in MANUAL operating mode;
 * an AUTOMATIC one reads all the time), and turning a batch of observations into one `scan` command per
 * ticket. Tags a ticket has seen already in the step cost no command: the reads of one tag, repeated on
 * two antennas for as long as it stays in front of a gate, are one tag.
 */
@Injectable()
export class TicketScanning implements OnModuleInit {
  private readonly byReader = new Map<string, Scanned>();
  private readonly byTicket = new Map<string, Scanned>();

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly bus: ObservationBus,
    private readonly devices: DeviceCommands,
    private readonly realtime: RealtimeGateway,
  ) {}

  async onModuleInit(): Promise<void> {
    const rows = await this.platform.db.selectFrom('tickets').select(['id', 'direction', 'scanning']).where('scanning', 'is not', null).where('deleted_at', 'is', null).execute();
    for (const r of rows) if (r.scanning) this.track({ ticketId: r.id, direction: r.direction as TicketDirection, step: r.scanning.step, readerIds: r.scanning.readerIds, seen: undefined });
    this.bus.register({ name: 'tickets', consume: (batch) => this.consume(batch) });
  }

  private track(s: Scanned): void {
    this.untrack(s.ticketId);
    this.byTicket.set(s.ticketId, s);
    for (const id of s.readerIds) this.byReader.set(id, s);
  }

  private untrack(ticketId: string): void {
    const s = this.byTicket.get(ticketId);
    if (!s) return;
    this.byTicket.delete(ticketId);
    for (const id of s.readerIds) if (this.byReader.get(id) === s) this.byReader.delete(id);
  }

  /** The readers of these ids that must be told to start or stop (MANUAL operating mode). */
  private async manualReaders(readerIds: string[]): Promise<string[]> {
    const readers = await readerSummaries(this.platform.db, readerIds);
    return readerIds.filter((id) => readers.get(id)?.operatingMode === 'MANUAL');
  }

  async start(direction: TicketDirection, ticketId: string): Promise<void> {
    const { state } = await this.platform.commands.load(ticketModel, ticketId);
    if (!state.exists || state.deleted || state.direction !== direction) throw new AppError('TICKET_NOT_FOUND');
    // a reader scans for one ticket at a time
    const events = decideTicket(state, { kind: 'start-scanning', ticketId });
    const started = events.find((e) => e.type === 'TicketScanningStarted');
    if (!started || started.type !== 'TicketScanningStarted') return;
    for (const id of started.data.readerIds) {
      const other = this.byReader.get(id);
      if (other && other.ticketId !== ticketId) throw new AppError('READER_BUSY', { readerId: id, ticketId: other.ticketId });
    }
    for (const id of await this.manualReaders(started.data.readerIds)) await this.devices.send(id, { command: 'start' });
    await this.platform.commands.execute(ticketModel, ticketId, (s) => decideTicket(s, { kind: 'start-scanning', ticketId }));
    this.track({ ticketId, direction, step: started.data.step, readerIds: started.data.readerIds, seen: undefined });
  }

  /** Stops counting reads for the ticket, then stops its readers; a reader that does not stop is SCANNING_STOP_FAILED (the ticket has stopped counting all the same). */
  async stop(direction: TicketDirection, ticketId: string): Promise<void> {
    const readerIds = this.byTicket.get(ticketId)?.readerIds ?? [];
    await this.platform.commands.execute(ticketModel, ticketId, (state) => {
      if (!state.exists || state.deleted || state.direction !== direction) throw new AppError('TICKET_NOT_FOUND');
      return decideTicket(state, { kind: 'stop-scanning', ticketId });
    });
    this.untrack(ticketId);
    await this.stopReaders(readerIds, true);
  }

  private async stopReaders(readerIds: string[], strict: boolean): Promise<void> {
    for (const id of await this.manualReaders(readerIds)) {
      try {
        await this.devices.send(id, { command: 'stop' });
      } catch (err) {
        if (strict && err instanceof AppError && err.code !== 'READER_NOT_CONNECTED') throw err;
        this.platform.logger.warn({ err, readerId: id }, 'a reader of a ticket that stopped scanning did not stop');
      }
    }
  }

  /** The ticket changed outside a batch of reads (an action, pasted tags, an apart decision): what it scans for is read again, and its progress pushed. */
  async ticketChanged(ticketId: string): Promise<void> {
    const row = await this.platform.db.selectFrom('tickets').select(['direction', 'scanning', 'deleted_at']).where('id', '=', ticketId).executeTakeFirst();
    const tracked = this.byTicket.get(ticketId);
    if (!row?.scanning || row.deleted_at) {
      if (tracked) {
        // the step ended (prepared, closed, rolled back): its readers stop
        this.untrack(ticketId);
        await this.stopReaders(tracked.readerIds, false);
      }
    } else {
      this.track({ ticketId, direction: row.direction as TicketDirection, step: row.scanning.step, readerIds: row.scanning.readerIds, seen: undefined });
    }
    if (row) await this.push(ticketId, row.direction as TicketDirection);
  }

  private async consume(batch: readonly Observation[]): Promise<void> {
    const byTicket = new Map<Scanned, Set<string>>();
    for (const o of batch) {
      const s = this.byReader.get(o.readerId);
      if (!s) continue;
      const epcs = byTicket.get(s) ?? new Set();
      epcs.add(o.epc);
      byTicket.set(s, epcs);
    }
    for (const [s, epcs] of byTicket) {
      try {
        await this.scan(s, epcs);
      } catch (err) {
        // the database out of reach: the bus offers the batch again (what was counted is not counted twice)
        if (isDatabaseUnavailable(err)) throw err;
        this.platform.logger.error({ err, ticketId: s.ticketId }, 'reads could not be counted for a ticket');
      }
    }
  }

  private async scan(s: Scanned, epcs: Set<string>): Promise<void> {
    if (!s.seen) {
      const { state } = await this.platform.commands.load(ticketModel, s.ticketId);
      s.seen = new Set([...state.counted[s.step].keys(), ...state.apart[s.step].keys(), ...state.removed[s.step]]);
    }
    const fresh = [...epcs].filter((epc) => !s.seen!.has(epc));
    if (!fresh.length) return;
    let changed = false;
    await this.platform.commands.execute(ticketModel, s.ticketId, async (state, { tx }) => {
      const events = decideTicket(state, { kind: 'scan', ticketId: s.ticketId, step: s.step, tags: await identifyTags(tx, fresh) });
      changed = events.length > 0;
      return events;
    });
    for (const epc of fresh) s.seen.add(epc);
    if (changed) await this.push(s.ticketId, s.direction);
  }

  /** Pushes the ticket's quantities as of its version: the totals and the lines in one reading (one statement), so that they agree. */
  private async push(ticketId: string, direction: TicketDirection): Promise<void> {
    const ticket = await this.platform.db
      .selectFrom('tickets as t')
      .select(['t.version', 't.planned_total', 't.draft_total', 't.actual_total', 't.apart_total'])
      .select((eb) => jsonArrayFrom(eb.selectFrom('ticket_lines as l').select(['l.key', 'l.draft', 'l.actual']).whereRef('l.ticket_id', '=', 't.id')).as('lines'))
      .where('t.id', '=', ticketId)
      .executeTakeFirst();
    if (!ticket) return;
    const push: TicketProgressPush = {
      ticketId,
      version: ticket.version,
      totals: { planned: ticket.planned_total, draft: ticket.draft_total, actual: ticket.actual_total, apart: ticket.apart_total },
      lines: ticket.lines,
    };
    this.realtime.toPermission(DETAIL_PERMISSION[direction], REALTIME_EVENTS.TICKET_PROGRESS, push);
  }
}
