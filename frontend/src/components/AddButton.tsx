import { Button } from '@blueprintjs/core';
import type { PermissionCode } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/auth-context';

/** A page's primary "Add" button (or another text), shown only to a user holding `permission`. */
export function AddButton({ permission, text, onClick }: { permission: PermissionCode; text?: string; onClick: () => void }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  if (!can(permission)) return null;
  return <Button intent="primary" icon="add" text={text ?? t('common.add')} onClick={onClick} data-testid="add" />;
}
