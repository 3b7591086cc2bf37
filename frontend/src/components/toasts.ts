import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import { UI_CONSTANTS } from '@rfid/contracts';
import i18n from 'i18next';
import { ApiError } from '../api/client';

/**
 * Toasts (success and error alike) appear top-right for 3 s, with no button to confirm them; right
 * under the header (app.css's .app-toaster), so they never cover the bell or the user menu.
 */
let toaster: Promise<Toaster> | undefined;
function get(): Promise<Toaster> {
  toaster ??= OverlayToaster.createAsync({ position: Position.TOP_RIGHT, maxToasts: 4, className: 'app-toaster' });
  return toaster;
}

export function showSuccess(message: string): void {
  void get().then((t) => t.show({ message, intent: Intent.SUCCESS, icon: 'tick-circle', timeout: UI_CONSTANTS.TOAST_MS }));
}

/** Done, but with something the user should know (longer on screen: there is more to read). */
export function showWarning(message: string): void {
  void get().then((t) => t.show({ message, intent: Intent.WARNING, icon: 'warning-sign', timeout: UI_CONSTANTS.TOAST_MS * 2 }));
}

/**
 * Done, with a way back for a moment: the toast's "Undo" takes the change back (then says so, or why
 * it could not). For a reversible action just taken (an unlink, a deactivation).
 */
export function showUndoable(message: string, undo: () => Promise<void>): void {
  const takeBack = () => undo().then(() => showSuccess(i18n.t('common.undone')), showError);
  void get().then((t) => t.show({ message, intent: Intent.SUCCESS, icon: 'tick-circle', timeout: UI_CONSTANTS.TOAST_MS * 3, action: { text: i18n.t('common.undo'), icon: 'undo', onClick: () => void takeBack() } }));
}

/** The error's code mapped through the catalogue to the user's language; otherwise "an error occurred". */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError && i18n.exists(`errors:${err.code}`)) return i18n.t(`errors:${err.code}`);
  return i18n.t('an_error_occurred');
}

export function showError(err: unknown): void {
  showErrorMessage(errorMessage(err));
}

/** An error the screen says in its own words (not an API answer's code). */
export function showErrorMessage(message: string): void {
  void get().then((t) => t.show({ message, intent: Intent.DANGER, icon: 'error', timeout: UI_CONSTANTS.TOAST_MS }));
}

/** Takes every toast down (a component test's, before the next test: a toast's "Close" button would answer for the page's). */
export async function clearToasts(): Promise<void> {
  if (toaster) (await toaster).clear();
}
