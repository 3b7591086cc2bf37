import type { GateItemKind, OperatingMode, PassDecision, PassDirection, PermitKind } from '@rfid/contracts';

/** Something that lets an item pass this gate now, and for a product how many more units it lets out. */
export interface Permit {
  kind: PermitKind;
  id: string;
  code: string;
  /** Products: units still allowed (planned less those already let out by it); samples and tags: null (not counted). */
  unitsLeft: number | null;
}

export interface PassFacts {
  operatingMode: OperatingMode;
  direction: PassDirection;
  itemKind: GateItemKind;
  /** The permits that name this item at this gate now (tickets.public and the gate tickets). */
  permits: readonly Permit[];
  /** System setting: an unknown tag raises an alert (true) or is ignored. */
  unknownTagAlert: boolean;
  /** An alert of this item at this gate within the alert window, if one was raised. */
  recentAlertId: string | null;
}

export type PassOutcome =
  | { decision: 'ALLOWED'; permit: Permit }
  | { decision: 'ALERT'; raise: boolean; alertId: string | null }
  | { decision: Exclude<PassDecision, 'ALLOWED' | 'ALERT'> };

/** Which permit counts when several do: an export first (what the item leaves on), then a receiving import, then a gate ticket. */
const PERMIT_ORDER: readonly PermitKind[] = ['EXPORT_TICKET', 'IMPORT_TICKET', 'GATE_TICKET'];

/**
 * What a gate decides of a pass. In Manual mode it only records; only outbound passes are checked;
 * a tag nobody registered is ignored or alerts as the system says; an item is allowed by a permit
 * that still has units left for it; anything else is an alert, raised once per item and gate within
 * the alert window (later passes in the window name the alert already raised).
 */
export function decidePass(f: PassFacts): PassOutcome {
  if (f.operatingMode === 'MANUAL') return { decision: 'RECORDED' };
  if (f.direction !== 'OUT') return { decision: 'NOT_CHECKED' };
  if (f.itemKind === 'UNKNOWN' && !f.unknownTagAlert) return { decision: 'IGNORED' };
  const usable = f.permits.filter((p) => p.unitsLeft === null || p.unitsLeft > 0);
  usable.sort((a, b) => PERMIT_ORDER.indexOf(a.kind) - PERMIT_ORDER.indexOf(b.kind));
  if (usable[0]) return { decision: 'ALLOWED', permit: usable[0] };
  return f.recentAlertId ? { decision: 'ALERT', raise: false, alertId: f.recentAlertId } : { decision: 'ALERT', raise: true, alertId: null };
}
