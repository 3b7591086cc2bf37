import { Button, Tooltip } from '@blueprintjs/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorMessage, showSuccess } from './toasts';

/**
 * Copies with a selection where the clipboard API is missing: a page served over plain HTTP on a
 * LAN address is not a secure context, and browsers give it no navigator.clipboard. The text goes in
 * a moment's text area beside the button (inside the dialog, which keeps the focus to itself).
 */
function copyBySelection(text: string, near: HTMLElement): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.readOnly = true;
  area.className = 'copy-buffer';
  near.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}

/** Copies a text to the clipboard (a password, an address), named by what it copies; says whether it worked. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLSpanElement>(null);
  const copy = async () => {
    try {
      if (navigator.clipboard) await navigator.clipboard.writeText(text);
      else if (!copyBySelection(text, ref.current!)) throw new Error('copy refused');
      showSuccess(t('common.copied', { what: label }));
    } catch {
      showErrorMessage(t('common.copy_failed'));
    }
  };
  const name = t('common.copy_what', { what: label });
  return (
    <span ref={ref} className="copy-button">
      <Tooltip content={name}>
        <Button variant="minimal" size="small" icon="duplicate" aria-label={name} onClick={() => void copy()} />
      </Tooltip>
    </span>
  );
}
