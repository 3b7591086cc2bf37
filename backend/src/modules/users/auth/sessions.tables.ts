/** The sessions' read model: who is signed in, until when. */
export interface AuthSessionsTable {
  id: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  end_reason: string | null;
  client_ip: string | null;
  user_agent: string | null;
}
