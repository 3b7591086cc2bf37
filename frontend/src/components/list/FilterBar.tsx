import { Button, Card, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { LIMITS } from '@rfid/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupSelect } from '../fields/LookupSelect';
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
  /** The look-up route of a `lookup` filter (LOOKUPS): every item of it, searched on the server. */
  lookup?: string;
  /** A less used filter: folded away under "More filters" until the user opens them. */
  folded?: true;
  /** The value while the URL has none (a report's default period); clearing the filter comes back to it. */
  fallback?: string;
}

/**
 * A list's period: its `from` and `to` days (labels `{prefix}.from`, `{prefix}.to`), sent as the start of
 * the first day and the end of the last (every list with date filters does so, `useListQuery`).
 */
export function dateRangeFilters(labelPrefix: string, options: { folded?: true; fallback?: { from: string; to: string } } = {}): FilterSpec[] {
  return (['from', 'to'] as const).map((name) => ({ name, labelKey: `${labelPrefix}.${name}`, type: 'date', folded: options.folded, fallback: options.fallback?.[name] }));
}

/**
 * The filters above a list, and a button that clears them; the less used ones fold away under
 * "More filters", which counts those of them in use. Each filter has a fixed width, so the bar does
 * not shift as the chosen values change. Controlled: `values` holds each filter's text by name,
 * `onChange` receives the filters that changed (undefined clears one).
 */
export function FilterBar(props: { filters: readonly FilterSpec[]; values: Record<string, string>; onChange: (patch: Record<string, string | undefined>) => void }) {
  const { t } = useTranslation();
  const [unfolded, setUnfolded] = useState(false);
  if (props.filters.length === 0) return null;
  const folded = props.filters.filter((f) => f.folded);
  const inUse = folded.filter((f) => props.values[f.name]).length;
  const input = (f: FilterSpec) => <FilterInput key={f.name} spec={f} value={props.values[f.name] ?? ''} onChange={(v) => props.onChange({ [f.name]: v })} />;
  return (
    <Card className="filter-bar" role="search">
      {props.filters.filter((f) => !f.folded).map(input)}
      <div className="filter-buttons">
        {folded.length > 0 && (
          <Button
            variant="minimal"
            icon={unfolded ? 'chevron-up' : 'filter'}
            aria-expanded={unfolded}
            data-testid="more-filters"
            onClick={() => setUnfolded((u) => !u)}
            endIcon={inUse > 0 ? <Tag round intent="primary">{inUse}</Tag> : undefined}
            text={t(unfolded ? 'list.fewer_filters' : 'list.more_filters')}
          />
        )}
        <Button variant="minimal" icon="cross" text={t('list.clear_filters')} onClick={() => props.onChange(Object.fromEntries(props.filters.map((f) => [f.name, undefined])))} />
      </div>
      {unfolded && <div className="filter-more">{folded.map(input)}</div>}
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

  if (spec.type === 'lookup') {
    return (
      <label className="filter">
        <span>{t(spec.labelKey)}</span>
        <LookupSelect endpoint={spec.lookup!} value={value} onChange={onChange} emptyLabel={t('list.all')} aria-label={t(spec.labelKey)} name={spec.name} fill />
      </label>
    );
  }
  if (spec.type === 'select') {
    return (
      <label className="filter">
        <span>{t(spec.labelKey)}</span>
        <HTMLSelect value={value} onChange={(e) => onChange(e.target.value)} aria-label={t(spec.labelKey)} name={spec.name} fill>
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
    <label className={`filter filter-${spec.type}`}>
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
