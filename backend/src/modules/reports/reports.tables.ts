export interface TagLinkHistoryTable {
  id: number;
  action: 'LINK' | 'UNLINK';
  at: Date;
  tag_code: string;
  sample_id: string;
  sample_code: string;
  user_id: string | null;
  username: string | null;
  reason: string | null;
}

/** The table the reports module owns: one row per link and unlink, what the linking and unlink reports read. */
export interface ReportsTables {
  tag_link_history: TagLinkHistoryTable;
}

declare module '../../platform/database/schema.js' {
  interface Database extends ReportsTables {}
}
