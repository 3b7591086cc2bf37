import { Injectable } from '@nestjs/common';
import type { GatePassFilter, GatePassListQuery, GatePassListResponse, GatePassView, GateItemKind, PassDecision, PassDirection, PermitKind } from '@rfid/contracts';
import type { DbOrTx } from '../../../platform/database/database.js';
import { allRowsOf, pageOf } from '../../../platform/database/paging.js';
import { searchPattern } from '../../../platform/database/vietnamese-text.js';
import { Platform } from '../../../platform/platform.js';
import type { GatePassesTable } from './gate-pass-views.tables.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';
import { withinPeriod } from '../../../platform/database/period.js';

/** The passes of a filter, sorted by time with the id as tie-breaker (pages never overlap). */
function passes(db: DbOrTx, f: GatePassFilter) {
  let q = db.selectFrom('gate_passes').selectAll();
  if (f.q) q = q.where('search_key', 'like', searchPattern(f.q));
  if (f.gateId) q = q.where('gate_id', '=', f.gateId);
  if (f.direction) q = q.where('direction', '=', f.direction);
  if (f.decision) q = q.where('decision', '=', f.decision);
  if (f.itemKind) q = q.where('item_kind', '=', f.itemKind);
  q = withinPeriod(q, 'at', f);
  return q.orderBy('at', f.sort.dir).orderBy('id', f.sort.dir);
}

export function toGatePassView(r: GatePassesTable): GatePassView {
  return {
    id: r.id,
    at: r.at.toISOString(),
    gateId: r.gate_id,
    gateCode: r.gate_code,
    gateName: r.gate_name,
    antenna: r.antenna,
    direction: r.direction as PassDirection,
    epc: r.epc,
    item: { kind: r.item_kind as GateItemKind, id: r.item_id, code: r.item_code, name: r.item_name },
    decision: r.decision as PassDecision,
    permit: r.permit_kind ? { kind: r.permit_kind as PermitKind, id: r.permit_id!, code: r.permit_code! } : null,
    alertId: r.alert_id,
  };
}

/** The gate history: every pass a gate decided. */
@Injectable()
export class GatePassQueries {
  constructor(private readonly platform: Platform) {}

  list(q: GatePassListQuery): Promise<GatePassListResponse> {
    return pageOf(passes(this.platform.db, q), q, toGatePassView);
  }

  /** The passes of these ids, in the order they came. */
  async views(ids: readonly string[]): Promise<GatePassView[]> {
    if (!ids.length) return [];
    return (await this.platform.db.selectFrom('gate_passes').selectAll().where('id', 'in', ids).orderBy('at').orderBy('id').execute()).map(toGatePassView);
  }

  /** Every pass of the filter, for an export. */
  all(f: GatePassFilter): AsyncGenerator<GatePassesTable> {
    return allRowsOf(this.platform.db, (db) => passes(db, f));
  }
}

/*
 * The gate history's queries, each a message on the QueryBus and its handler reading the read model above.
 */

/** A page of the gate history. */
export class ListGatePasses extends answeredBy(GatePassQueries, (passes, query: GatePassListQuery) => passes.list(query)) {}

/** Every pass of a filter, read as it is written out (the Excel export). */
export class GatePassesOfFilter extends answeredBy(GatePassQueries, (passes, filter: GatePassFilter) => passes.all(filter)) {}

export const GATE_PASS_QUERY_HANDLERS = handlersOf(ListGatePasses, GatePassesOfFilter);
