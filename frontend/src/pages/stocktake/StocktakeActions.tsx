import { Button, type IconName, type Intent } from '@blueprintjs/core';
import { API, type CloseStocktakeRequest, type StocktakeDetail } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { showError, showSuccess } from '../../components/toasts';
import { CloseStocktakeDialog } from './CloseStocktakeDialog';
import { StocktakeFormDialog } from './StocktakeFormDialog';
import { UploadEpcsDialog } from './UploadEpcsDialog';

type Step = 'START' | 'RESET' | 'CLOSE';
const STEP_ROUTES = { START: 'start', RESET: 'reset', CLOSE: 'close' } as const;
const STEP_BUTTONS: Record<Step, { icon: IconName; intent: Intent }> = {
  START: { icon: 'play', intent: 'primary' },
  RESET: { icon: 'reset', intent: 'warning' },
  CLOSE: { icon: 'lock', intent: 'danger' },
};
const STEPS = Object.keys(STEP_BUTTONS) as Step[];

/**
 * What the signed-in user may do with the stocktake now (its `allowedActions`): edit it, start it,
 * reset it (confirmed: every scan is discarded), close it (a dialog with the corrections), upload EPCs.
 * `onChanged` gets the stocktake as the server answered it, when it did.
 */
export function StocktakeActions({ stocktake, onChanged }: { stocktake: StocktakeDetail; onChanged: (next: StocktakeDetail | undefined) => Promise<void> }) {
  const { t } = useTranslation();
  const [confirmElement, confirm] = useConfirm();
  const [busy, setBusy] = useState<Step>();
  const [closing, setClosing] = useState(false);
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState(false);
  const may = (action: StocktakeDetail['allowedActions'][number]) => stocktake.allowedActions.includes(action);

  const post = async (step: Step, body: unknown = {}) => {
    setBusy(step);
    try {
      const next = await call(API.stocktakes[STEP_ROUTES[step]], { params: { id: stocktake.id }, body });
      showSuccess(t(`stocktake.done_${step}`, { code: stocktake.code }));
      await onChanged(next ?? undefined);
      return true;
    } catch (err) {
      showError(err);
      return false;
    } finally {
      setBusy(undefined);
    }
  };
  const take = async (step: Step) => {
    if (step === 'CLOSE') {
      setClosing(true);
      return;
    }
    if (step === 'RESET' && !(await confirm({ message: t('stocktake.reset_confirm', { code: stocktake.code }), intent: 'warning' }))) return;
    await post(step);
  };
  const close = async (corrections: CloseStocktakeRequest) => {
    if (await post('CLOSE', corrections)) setClosing(false);
  };

  return (
    <div className="ticket-actions ticket-toolbar" data-testid="stocktake-actions">
      {STEPS.filter(may).map((step) => (
        <Button
          key={step}
          icon={STEP_BUTTONS[step].icon}
          intent={STEP_BUTTONS[step].intent}
          text={t(`stocktake.action_${step}`)}
          loading={busy === step}
          disabled={!!busy}
          onClick={() => void take(step)}
          data-action={step}
        />
      ))}
      {may('SCAN') && <Button icon="upload" text={t('stocktake.upload_epcs')} onClick={() => setUploading(true)} data-testid="upload-epcs" />}
      {may('UPDATE') && <Button icon="edit" text={t('common.edit')} disabled={!!busy} onClick={() => setEditing(true)} data-testid="edit-stocktake" />}
      <CloseStocktakeDialog isOpen={closing} code={stocktake.code} onClose={() => setClosing(false)} onConfirm={close} />
      <StocktakeFormDialog isOpen={editing} stocktake={stocktake} onClose={() => setEditing(false)} onSaved={(saved) => void onChanged(saved)} />
      <UploadEpcsDialog isOpen={uploading} stocktake={stocktake} onClose={() => setUploading(false)} onScanned={() => void onChanged(undefined)} />
      {confirmElement}
    </div>
  );
}
