import { Button, Dialog, DialogBody, DialogFooter, type Intent } from '@blueprintjs/core';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Ask {
  message: ReactNode;
  intent?: Intent;
  /** The confirming button's words, when "OK" would not say what it does. */
  okText?: string;
}

/**
 * Confirmation before a destructive or important action, with two buttons: OK confirms; Cancel (and
 * Escape) does not. `ask()` resolves true only on OK.
 */
export function useConfirm(): [ReactNode, (ask: Ask) => Promise<boolean>] {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<Ask>();
  const resolver = useRef<(ok: boolean) => void>(undefined);
  const ask = useCallback((a: Ask) => {
    setCurrent(a);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = undefined;
    setCurrent(undefined);
  };
  const element = (
    <Dialog isOpen={!!current} onClose={() => answer(false)} title={t('common.confirm')} icon="warning-sign">
      <DialogBody>{current?.message}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={() => answer(false)} />
            <Button intent={current?.intent ?? 'primary'} text={current?.okText ?? t('common.ok')} onClick={() => answer(true)} autoFocus data-testid="confirm-ok" />
          </>
        }
      />
    </Dialog>
  );
  return [element, ask];
}
