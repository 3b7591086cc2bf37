import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What a server tells Prometheus at `/metrics` (prom-client), every series labelled with the server's id.
 * The platform's own series are made here; a module makes the series of what only it knows with
 * `counter` and `sampled` (read when scraped), in the file that knows it.
 */
export class Metrics {
  readonly registry = new Registry();
  /** HTTP requests by route (the route's pattern, never its values), method and status. */
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Appends to the event store, from the statement to its return. */
  readonly appendDuration: Histogram;
  /** Pushes to browsers: `here` (this server's connections), `everywhere` (every server's, through Redis). */
  readonly pushes: Counter<'scope'>;

  constructor(serverId: string, pool: pg.Pool) {
    this.registry.setDefaultLabels({ server: serverId });
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({ name: 'http_request_duration_seconds', help: 'HTTP requests by route, method and status', labelNames: ['method', 'route', 'status'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [this.registry] });
    this.appendDuration = new Histogram({ name: 'rfid_event_append_duration_seconds', help: 'Appends to the event store', buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1], registers: [this.registry] });
    this.pushes = new Counter({ name: 'rfid_pushes_total', help: 'Pushes to browsers, by scope', labelNames: ['scope'], registers: [this.registry] });
    this.sampled('rfid_db_pool_connections', 'Database pool connections, by state', ['state'], (g) => {
      g.set({ state: 'total' }, pool.totalCount);
      g.set({ state: 'idle' }, pool.idleCount);
      g.set({ state: 'waiting' }, pool.waitingCount);
    });
  }

  counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** A gauge read when scraped: `read` sets its values then (a queue's depth, the age of what a reader last sent). */
  sampled<L extends string = never>(name: string, help: string, labelNames: readonly L[], read: (gauge: Gauge<L>) => void | Promise<void>): Gauge<L> {
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        await read(this);
      },
    });
  }
}
