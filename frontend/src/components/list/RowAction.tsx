import { Button, Tooltip, type IconName, type Intent } from '@blueprintjs/core';
import type { PermissionCode } from '@rfid/contracts';
import { useAuth } from '../../auth/auth-context';

export interface RowActionProps {
  icon: IconName;
  /** The tooltip and the accessible name. */
  label: string;
  /** Shown only to a user holding this permission; without one, to everyone. */
  permission?: PermissionCode;
  intent?: Intent;
  onClick: () => void;
  'data-testid'?: string;
}

/** An icon button that acts on one row (view, edit, lock, delete ...), named by its tooltip. */
export function RowAction({ icon, label, permission, intent, onClick, 'data-testid': testId }: RowActionProps) {
  const { can } = useAuth();
  if (permission && !can(permission)) return null;
  return (
    <Tooltip content={label}>
      <Button variant="minimal" icon={icon} intent={intent} aria-label={label} onClick={onClick} data-testid={testId} />
    </Tooltip>
  );
}
