import { useCallback, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { useConfirm } from './ConfirmDialog';

/**
 * While a form holds changes not saved: closing or reloading the tab asks the browser's own question,
 * and leaving for another page of the app (a link, the menu, the browser's back and forward buttons)
 * asks first whether to leave them; staying keeps the page and its changes. Answers the question's
 * dialog, to render.
 */
export function useUnsavedChangesGuard(dirty: boolean): ReactNode {
  const { t } = useTranslation();
  const [dialog, confirm] = useConfirm();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));
  const blocked = blocker.state === 'blocked' ? blocker : undefined;
  useEffect(() => {
    if (!blocked) return;
    void confirm({ message: t('unsaved.leave'), intent: 'warning' }).then((leave) => (leave ? blocked.proceed() : blocked.reset()));
  }, [blocked, confirm, t]);
  useTabCloseGuard(dirty);
  return dialog;
}

/** While changes are not saved, closing or reloading the tab asks the browser's own question. */
export function useTabCloseGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [dirty]);
}

/**
 * A dialog holding changes asks before it closes (Escape, its close button, Cancel) and before the tab
 * goes; an unchanged one closes at once. Answers the question's dialog, to render, and `guard(close)`.
 */
export function useDiscardGuard(dirty: boolean): [ReactNode, (close: () => void) => Promise<void>] {
  const { t } = useTranslation();
  const [dialog, confirm] = useConfirm();
  useTabCloseGuard(dirty);
  const guard = useCallback(
    async (close: () => void) => {
      if (dirty && !(await confirm({ message: t('unsaved.discard'), intent: 'warning', okText: t('unsaved.discard_ok') }))) return;
      close();
    },
    [dirty, confirm, t],
  );
  return [dialog, guard];
}
