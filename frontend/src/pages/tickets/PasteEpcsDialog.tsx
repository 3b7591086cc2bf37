import type { TicketScansResult } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { EpcsDialog, invalidCodes } from '../../components/EpcsDialog';
import { formatNumber } from '../../i18n/format';

/**
 * Tags scanned elsewhere, sent to the ticket, and the answer shown: how many counted, listed apart,
 * already seen, and the codes that are not EPCs.
 */
export function PasteEpcsDialog(props: { isOpen: boolean; endpoint: string; onClose: () => void; onScanned: () => void }) {
  const { t } = useTranslation();
  return (
    <EpcsDialog
      isOpen={props.isOpen}
      title={t('tickets.paste_title')}
      onClose={props.onClose}
      send={async (epcs) => {
        const result = await api<TicketScansResult>(`${props.endpoint}/scans`, { method: 'POST', body: { epcs } });
        props.onScanned();
        return {
          warn: result.invalid.length > 0,
          rows: [
            { labelKey: 'tickets.scan_counted', value: formatNumber(result.counted), testId: 'scan-counted' },
            { labelKey: 'tickets.scan_apart', value: formatNumber(result.apart), testId: 'scan-apart' },
            { labelKey: 'tickets.scan_repeated', value: formatNumber(result.repeated), testId: 'scan-repeated' },
            { labelKey: 'tickets.scan_invalid', value: invalidCodes(result.invalid, formatNumber(0)), testId: 'scan-invalid' },
          ],
        };
      }}
    />
  );
}
