import { sql } from 'kysely';
import type { Tx } from '../database/database.js';
import type { StoredEvent } from '../event-store/types.js';

export type EventHandler = (tx: Tx, event: StoredEvent) => Promise<void>;

/**
 * A read model kept in step with the store inside the append's transaction (DESIGN.md D3): the user
 * reads their own writes, and a unique index on its table rejects a duplicate atomically with the
 * command. `tables` are what a rebuild empties before replaying the events of `handlers`.
 */
export interface InlineProjection {
  name: string;
  tables: string[];
  handlers: Record<string, EventHandler>;
}

export class InlineProjections {
  private readonly byName = new Map<string, InlineProjection>();
  private readonly byType = new Map<string, EventHandler[]>();

  register(projection: InlineProjection): void {
    if (this.byName.has(projection.name)) throw new Error(`projection ${projection.name} is registered twice`);
    this.byName.set(projection.name, projection);
    for (const [type, handler] of Object.entries(projection.handlers)) {
      const list = this.byType.get(type) ?? [];
      list.push(handler);
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

  async apply(tx: Tx, events: StoredEvent[]): Promise<void> {
    for (const event of events) {
      for (const handler of this.byType.get(event.type) ?? []) await handler(tx, event);
    }
  }

  /** Applies the events to the given projections only (a rebuild of some of them). */
  async applyTo(projections: InlineProjection[], tx: Tx, events: StoredEvent[]): Promise<void> {
    for (const event of events) {
      for (const p of projections) {
        const handler = p.handlers[event.type];
        if (handler) await handler(tx, event);
      }
    }
  }

  async truncate(projections: InlineProjection[], tx: Tx): Promise<void> {
    const tables = [...new Set(projections.flatMap((p) => p.tables))];
    if (tables.length) await sql`truncate table ${sql.join(tables.map((t) => sql.table(t)))}`.execute(tx);
  }
}
