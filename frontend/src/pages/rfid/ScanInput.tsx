import { InputGroup } from '@blueprintjs/core';
import { normalizeTagCode, tagCodeProblem } from '@rfid/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A tag code field that also takes a keyboard-wedge scanner: the scanner types the code fast and
 * ends with Enter, so Enter submits. The code is normalised (upper case, no spaces) and checked
 * before it is passed on; the field is emptied after each scan, takes the focus whenever it becomes
 * usable and keeps it for the next scan, so a scan never goes elsewhere or onto the last one.
 */
export function ScanInput({
  onCode,
  onInvalid,
  disabled,
  placeholderKey = 'rfid.scan_placeholder',
}: {
  onCode: (code: string) => void;
  /** A code that is no tag code, and why: the page says it in its own message (without it, the field says it under itself). */
  onInvalid?: (code: string, problem: string) => void;
  disabled?: boolean;
  placeholderKey?: string;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!disabled) ref.current?.focus();
  }, [disabled]);
  // the field is emptied after every scan, good or bad: the next scan never lands after the last one's text
  const submit = () => {
    const code = normalizeTagCode(value);
    const p = tagCodeProblem(code);
    setValue('');
    ref.current?.focus();
    if (!code) return;
    if (p) {
      if (onInvalid) onInvalid(code, t(`errors:${p}`));
      else setProblem(t('rfid.not_a_tag_code', { code, problem: t(`errors:${p}`) }));
      return;
    }
    setProblem(undefined);
    onCode(code);
  };
  return (
    <div className="scan-input">
      <InputGroup
        inputRef={ref}
        large
        leftIcon="barcode"
        name="tagCode"
        value={value}
        disabled={disabled}
        intent={problem ? 'danger' : 'none'}
        placeholder={t(placeholderKey)}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e: KeyboardEvent) => e.key === 'Enter' && (e.preventDefault(), submit())}
        spellCheck={false}
        autoComplete="off"
      />
      {problem && <small className="field-error">{problem}</small>}
    </div>
  );
}
