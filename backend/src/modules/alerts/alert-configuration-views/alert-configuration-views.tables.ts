/** The alert configuration's read model: who is told of which alerts, how, and how often again. */
export interface AlertConfigurationsTable {
  id: string;
  user_id: string;
  methods: string[];
  email: string | null;
  action_name: string;
  function_name: string;
  time_minutes: number;
  /** What the list's text search compares (vietnamese-text): the action name. */
  search_key: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}
