import { sql } from 'kysely';
import type { Tx } from '../database/database.js';
import type { StoredEvent } from '../event-store/types.js';

export type EventHandler = (tx: Tx, event: StoredEvent) => Promise<void>;
export type BatchEventHandler = (tx: Tx, events: StoredEvent[]) => Promise<void>;

/**
 * A read model kept in step with the store inside the append's transaction: the user
 * reads their own writes, and a unique index on its table rejects a duplicate atomically with the
 * command. `tables` are what a rebuild empties before replaying the events of `handlers`.
 */
export interface InlineProjection {
  name: string;
  tables: string[];
  handlers: Record<string, EventHandler>;
  /**
   * Optional: the same effect as `handlers[type]` applied to each event in order, for a run of
   * consecutive events of that type (an import, a rebuild) in a few statements.
   */
  batchHandlers?: Record<string, BatchEventHandler>;
}

/** Runs of consecutive events of one type, in order. */
function runsOfOneType(events: StoredEvent[]): StoredEvent[][] {
  const runs: StoredEvent[][] = [];
  for (const event of events) {
    const last = runs[runs.length - 1];
    if (last && last[0]!.type === event.type) last.push(event);
    else runs.push([event]);
  }
  return runs;
}

async function applyRun(projection: InlineProjection, tx: Tx, run: StoredEvent[]): Promise<void> {
  const type = run[0]!.type;
  const batch = projection.batchHandlers?.[type];
  if (batch && run.length > 1) return batch(tx, run);
  const handler = projection.handlers[type];
  if (handler) for (const event of run) await handler(tx, event);
}

export class InlineProjections {
  private readonly byName = new Map<string, InlineProjection>();
  private readonly byType = new Map<string, InlineProjection[]>();

  register(projection: InlineProjection): void {
    if (this.byName.has(projection.name)) throw new Error(`projection ${projection.name} is registered twice`);
    this.byName.set(projection.name, projection);
    for (const type of Object.keys(projection.handlers)) {
      const list = this.byType.get(type) ?? [];
      list.push(projection);
      this.byType.set(type, list);
    }
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  get(name: string): InlineProjection | undefined {
    return this.byName.get(name);
  }

  /** Whether appending these event types must run projections (and so needs a transaction). */
  handlesAny(types: string[]): boolean {
    return types.some((t) => this.byType.has(t));
  }

  /**
   * Applies the events in order. A run of consecutive events of one type goes to each projection in
   * turn (through its batch handler when it has one): projections own separate tables, so only the
   * order within each projection matters.
   */
  async apply(tx: Tx, events: StoredEvent[]): Promise<void> {
    for (const run of runsOfOneType(events)) {
      for (const projection of this.byType.get(run[0]!.type) ?? []) await applyRun(projection, tx, run);
    }
  }

  /** Applies the events to the given projections only (a rebuild of some of them). */
  async applyTo(projections: InlineProjection[], tx: Tx, events: StoredEvent[]): Promise<void> {
    for (const run of runsOfOneType(events)) {
      for (const projection of projections) await applyRun(projection, tx, run);
    }
  }

  async truncate(projections: InlineProjection[], tx: Tx): Promise<void> {
    const tables = [...new Set(projections.flatMap((p) => p.tables))];
    if (tables.length) await sql`truncate table ${sql.join(tables.map((t) => sql.table(t)))}`.execute(tx);
  }
}
