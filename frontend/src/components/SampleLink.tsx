import { P } from '@rfid/contracts';
import { Link } from 'react-router-dom';
import { samplePath } from '../app/route-table';
import { useAuth } from '../auth/auth-context';

/** A sample's code as a link to its page, for a user who may open it; plain text for others. */
export function SampleLink({ id, code }: { id: string | null; code: string | null }) {
  const { can } = useAuth();
  if (!code) return null;
  if (!id || !can(P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL)) return <>{code}</>;
  return (
    <Link to={samplePath(id)} className="sample-link">
      {code}
    </Link>
  );
}
