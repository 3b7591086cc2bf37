import { Button, Card, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { LIMITS } from '@rfid/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSendable, type FilterType } from './list-state';

const DateFilterInput = lazy(() => import('./DateFilterInput'));

/** A text filter applies once typing pauses this long. */
const TYPING_PAUSE_MS = 400;

export interface FilterSpec {
  /** The URL's and the API's name for the filter. */
  name: string;
  labelKey: string;
  type: FilterType;
  /** The choices of a `select` filter; "All" comes first. */
  options?: { value: string; label: string }[];
}

/**
 * The filters above a list, and a button that clears them. Controlled: `values` holds each filter's
 * text by name, `onChange` receives the filters that changed (undefined clears one).
 */
export function FilterBar(props: { filters: readonly FilterSpec[]; values: Record<string, string>; onChange: (patch: Record<string, string | undefined>) => void }) {
  const { t } = useTranslation();
  if (props.filters.length === 0) return null;
  return (
    <Card className="filter-bar" role="search">
      {props.filters.map((f) => (
        <FilterInput key={f.name} spec={f} value={props.values[f.name] ?? ''} onChange={(v) => props.onChange({ [f.name]: v })} />
      ))}
      <Button variant="minimal" icon="cross" text={t('list.clear_filters')} onClick={() => props.onChange(Object.fromEntries(props.filters.map((f) => [f.name, undefined])))} />
    </Card>
  );
}

/** Text filters apply after a short pause, and only from SEARCH_MIN characters (shorter: a hint, nothing sent). */
function FilterInput({ spec, value, onChange }: { spec: FilterSpec; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (spec.type !== 'text' || text === value) return;
    const timer = setTimeout(() => {
      if (text.trim().length === 0 || isSendable(text, 'text')) onChangeRef.current(text.trim());
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, value, spec.type]);

  if (spec.type === 'select') {
    return (
      <label className="filter">
        <span>{t(spec.labelKey)}</span>
        <HTMLSelect value={value} onChange={(e) => onChange(e.target.value)} aria-label={t(spec.labelKey)} name={spec.name}>
          <option value="">{t('list.all')}</option>
          {spec.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </HTMLSelect>
      </label>
    );
  }
  if (spec.type === 'date') {
    return (
      <label className="filter">
        <span>{t(spec.labelKey)}</span>
        <Suspense fallback={<InputGroup disabled placeholder="DD/MM/YYYY" />}>
          <DateFilterInput value={value} onChange={onChange} label={t(spec.labelKey)} name={spec.name} />
        </Suspense>
      </label>
    );
  }
  const tooShort = spec.type === 'text' && text.trim().length > 0 && !isSendable(text, 'text');
  return (
    <label className="filter">
      <span>{t(spec.labelKey)}</span>
      <InputGroup
        type="search"
        value={text}
        leftIcon="search"
        intent={tooShort ? 'warning' : 'none'}
        onChange={(e) => setText(e.target.value)}
        aria-label={t(spec.labelKey)}
        name={spec.name}
      />
      {tooShort && <small className="filter-hint">{t('validation.search_min', { min: LIMITS.SEARCH_MIN })}</small>}
    </label>
  );
}
