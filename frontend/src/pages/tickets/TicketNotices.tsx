import { Callout } from '@blueprintjs/core';
import type { TicketDetail } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/auth-context';
import { formatNumber } from '../../i18n/format';

/**
 * What a ticket's reader should know before acting, under its title: an export that plans more than is
 * available (it will not be approved until stock arrives or its lines change), and an export awaiting
 * approval that its reader cannot approve (its creator never may: another user with the permission must).
 */
export function TicketNotices({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const { me } = useAuth();
  const waitsForAnother = ticket.status === 'AWAITING_APPROVAL' && !ticket.allowedActions.includes('approve');
  if (!ticket.shortages.length && !waitsForAnother) return null;
  return (
    <div className="ticket-notices">
      {ticket.shortages.length > 0 && (
        <Callout intent="warning" icon="warning-sign" title={t('tickets.shortage_title')} data-testid="ticket-shortages">
          <ul>
            {ticket.shortages.map((s) => (
              <li key={s.productId}>{t('tickets.stock_not_available', { product: s.code, available: formatNumber(s.available), planned: formatNumber(s.planned) })}</li>
            ))}
          </ul>
        </Callout>
      )}
      {waitsForAnother && (
        <Callout intent="primary" icon="time" data-testid="ticket-awaits-approver">
          {t(me?.user.id === ticket.createdBy.id ? 'tickets.awaits_other_approver' : 'tickets.awaits_approver')}
        </Callout>
      )}
    </div>
  );
}
