import { InputGroup } from '@blueprintjs/core';
import { normalizeTagCode, tagCodeProblem } from '@rfid/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A tag code field that also takes a keyboard-wedge scanner: the scanner types the code fast and
 * ends with Enter, so Enter submits. The code is normalised (upper case, no spaces) and checked
 * before it is passed on; the field takes the focus whenever it becomes usable and keeps it for the
 * next scan, so a scan never goes elsewhere.
 */
export function ScanInput({ onCode, disabled, placeholderKey = 'rfid.scan_placeholder' }: { onCode: (code: string) => void; disabled?: boolean; placeholderKey?: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!disabled) ref.current?.focus();
  }, [disabled]);
  const submit = () => {
    const code = normalizeTagCode(value);
    const p = tagCodeProblem(code);
    if (p) {
      setProblem(t(`errors:${p}`));
      return;
    }
    setProblem(undefined);
    setValue('');
    onCode(code);
    ref.current?.focus();
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
