import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { CloseStocktakeRequest } from '@rfid/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const NO_CORRECTIONS: CloseStocktakeRequest = { moveFound: false, markMissing: false, adjustStock: false };
const CORRECTIONS: readonly (keyof CloseStocktakeRequest)[] = ['moveFound', 'markMissing', 'adjustStock'];

/**
 * Closing a stocktake, confirmed: the result is frozen from then on. The user chooses which corrections
 * closing makes (move the items found here to this zone, mark the missing ones, set the products' stock
 * to the count); none is chosen until the user does.
 */
export function CloseStocktakeDialog(props: { isOpen: boolean; code: string; onClose: () => void; onConfirm: (corrections: CloseStocktakeRequest) => Promise<void> }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(NO_CORRECTIONS);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (props.isOpen) setChosen(NO_CORRECTIONS);
  }, [props.isOpen]);
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm(chosen);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={t('stocktake.close_title', { code: props.code })} icon="lock" canOutsideClickClose={false}>
      <DialogBody>
        <Callout intent="warning" icon="warning-sign" className="dialog-failure">
          {t('stocktake.close_frozen')}
        </Callout>
        <p>{t('stocktake.close_corrections')}</p>
        {CORRECTIONS.map((c) => (
          <Checkbox
            key={c}
            name={c}
            label={t(`stocktake.correction_${c}`)}
            checked={chosen[c]}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setChosen((prev) => ({ ...prev, [c]: on }));
            }}
          />
        ))}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={props.onClose} />
            <Button intent="danger" icon="lock" text={t('stocktake.action_CLOSE')} loading={busy} onClick={() => void confirm()} data-testid="close-confirm" />
          </>
        }
      />
    </Dialog>
  );
}
