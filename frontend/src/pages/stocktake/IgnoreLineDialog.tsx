import { API, ignoreLineRequest, type StocktakeLineView } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { showSuccess } from '../../components/toasts';

/** Marks an abnormal or missing line IGNORE, with the note that says why (kept on the line). */
export function IgnoreLineDialog(props: { stocktakeId: string; line: StocktakeLineView | undefined; onClose: () => void; onIgnored: () => void }) {
  const { t } = useTranslation();
  const line = props.line;
  return (
    <FormDialog
      isOpen={!!line}
      mode="add"
      title={line ? t('stocktake.ignore_title', { code: line.epc ?? line.code }) : ''}
      fields={[{ name: 'note', labelKey: 'stocktake.ignore_note', type: 'textarea', required: true }]}
      schema={ignoreLineRequest}
      initial={{ note: '' }}
      onClose={props.onClose}
      onSubmit={async (body) => {
        if (!line) return;
        await call(API.stocktakes.ignore, { params: { id: props.stocktakeId, lineId: line.id }, body });
        showSuccess(t('stocktake.ignored_done', { code: line.epc ?? line.code }));
        props.onIgnored();
      }}
    />
  );
}
