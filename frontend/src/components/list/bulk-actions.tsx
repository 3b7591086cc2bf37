import { Button, ProgressBar, type IconName, type Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../ConfirmDialog';
import { errorMessage, showErrorMessage, showSuccess, showUndoable } from '../toasts';

/** Something done to the rows selected on a list's page. */
export interface BulkAction<T> {
  key: string;
  labelKey: string;
  icon: IconName;
  intent?: Intent;
  /** Asked first, with {{count}}. */
  confirmKey?: string;
  /** Whether a row takes the action (deactivating an ACTIVE one); the others are left out. */
  applies?: (row: T) => boolean;
  /** Done to each row in turn: a refusal of one leaves the others be, and is said with the row's name. */
  each?: (row: T) => Promise<unknown>;
  /** Or done to the rows at once (an export, printing their labels). */
  all?: (rows: T[]) => Promise<void> | void;
  /** Takes a row's change back: the toast of a bulk action done offers "Undo" for the rows it changed. */
  undo?: (row: T) => Promise<unknown>;
}

/**
 * The bar over a list's table while rows are selected: how many, the actions (each asking first when it
 * says so), progress while one runs row by row, and what came of it: done, with "Undo" when the action
 * can be taken back, or which rows were refused and why.
 */
export function BulkBar<T>({
  rows,
  actions,
  nameOf,
  onDone,
  onClear,
}: {
  rows: readonly T[];
  actions: readonly BulkAction<T>[];
  /** How a refusal names a row (its code). */
  nameOf: (row: T) => string;
  /** After an action: the list is read again, the selection cleared. */
  onDone: () => Promise<void> | void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [confirmElement, confirm] = useConfirm();
  const [progress, setProgress] = useState<{ key: string; done: number; total: number }>();

  const run = async (action: BulkAction<T>) => {
    const label = t(action.labelKey);
    const targets = rows.filter((r) => action.applies?.(r) ?? true);
    if (!targets.length) return showErrorMessage(t('list.bulk_none_applies'));
    if (action.confirmKey && !(await confirm({ message: t(action.confirmKey, { count: targets.length }), intent: action.intent }))) return;
    if (action.all) {
      await action.all(targets);
      return;
    }
    const done: T[] = [];
    const refused: string[] = [];
    setProgress({ key: action.key, done: 0, total: targets.length });
    for (const row of targets) {
      try {
        await action.each!(row);
        done.push(row);
      } catch (err) {
        refused.push(`${nameOf(row)} (${errorMessage(err)})`);
      }
      setProgress({ key: action.key, done: done.length + refused.length, total: targets.length });
    }
    setProgress(undefined);
    await onDone();
    const undo = action.undo;
    if (refused.length) showErrorMessage(t('list.bulk_partly', { action: label, done: done.length, total: targets.length, refused: refused.join('; ') }));
    else if (undo) showUndoable(t('list.bulk_done', { action: label, count: done.length }), async () => {
      for (const row of done) await undo(row);
      await onDone();
    });
    else showSuccess(t('list.bulk_done', { action: label, count: done.length }));
  };

  return (
    <div className="bulk-bar" data-testid="bulk-bar">
      <strong data-testid="selected-count">{t('list.selected', { count: rows.length })}</strong>
      {actions.map((a) => (
        <Button key={a.key} icon={a.icon} intent={a.intent} text={t(a.labelKey)} loading={progress?.key === a.key} disabled={!!progress} onClick={() => void run(a)} data-bulk={a.key} />
      ))}
      {progress && <ProgressBar className="bulk-progress" value={progress.done / progress.total} stripes={false} />}
      <Button variant="minimal" icon="cross" text={t('list.clear_selection')} disabled={!!progress} onClick={onClear} />
      {confirmElement}
    </div>
  );
}
