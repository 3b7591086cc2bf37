/** The alerts' read model: each alert, its state and who switched or disabled it. */
export interface AlertsTable {
  id: string;
  kind: string;
  at: Date;
  gate_id: string | null;
  gate_code: string | null;
  gate_name: string | null;
  reader_host_name: string | null;
  antenna: number | null;
  epc: string | null;
  item_kind: string | null;
  item_id: string | null;
  item_code: string | null;
  item_name: string | null;
  subject_id: string | null;
  subject_code: string | null;
  /** How many things the subject's alert is about (a stocktake's abnormal lines). */
  subject_count: number | null;
  pass_id: string | null;
  alarm_on: boolean;
  alarm_off_by: string | null;
  alarm_off_at: Date | null;
  disabled_by: string | null;
  disabled_by_id: string | null;
  disabled_at: Date | null;
  disable_reason: string | null;
  search_key: string;
}
