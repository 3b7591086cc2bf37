/** The gate history's read model: each pass a gate decided. */
export interface GatePassesTable {
  id: string;
  at: Date;
  gate_id: string;
  gate_code: string;
  gate_name: string;
  antenna: number | null;
  direction: string;
  epc: string;
  item_kind: string;
  item_id: string | null;
  item_code: string;
  item_name: string | null;
  decision: string;
  permit_kind: string | null;
  permit_id: string | null;
  permit_code: string | null;
  alert_id: string | null;
  search_key: string;
}
