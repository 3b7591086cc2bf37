import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { EpcsDialog } from '../../components/EpcsDialog';
import type { TicketScreen } from './ticket-screens';

/**
 * Tags scanned elsewhere, sent to the ticket, and the answer shown: how many counted, listed apart,
 * already seen, and the codes that are not EPCs.
 */
export function PasteEpcsDialog(props: { isOpen: boolean; screen: TicketScreen; ticketId: string; onClose: () => void; onScanned: () => void }) {
  const { t } = useTranslation();
  return (
    <EpcsDialog
      isOpen={props.isOpen}
      title={t('tickets.paste_title')}
      onClose={props.onClose}
      send={async (epcs) => {
        const result = await call(props.screen.routes.scans, { params: { id: props.ticketId }, body: { epcs } });
        props.onScanned();
        return result;
      }}
    />
  );
}
