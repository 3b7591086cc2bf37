import { Button, Tag, type Intent } from '@blueprintjs/core';
import type { ListResponse, LookupItem } from '@rfid/contracts';
import useSWR from 'swr';
import { withQuery } from '../../api/client';
import { LookupSelect, lookupLabel } from './LookupSelect';

/** The ids a multiple choice keeps: none is no value, so that a form says a required field is empty. */
export const idsOf = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);

export interface LookupMultiSelectProps {
  /** The look-up route (LOOKUPS): searched on the server, read by `ids` for the names of those chosen. */
  endpoint: string;
  value: unknown;
  /** Called with the ids chosen, or undefined once the last is removed. */
  onChange: (ids: string[] | undefined) => void;
  id?: string;
  name: string;
  /** The picker's text and accessible name ("Add a zone"). */
  addLabel: string;
  /** A chosen item's remove button's accessible name, given the item's label. */
  removeLabel: (label: string) => string;
  disabled?: boolean;
  intent?: Intent;
  /** Names the field (`{testId}-field`) and its chosen items (`chosen-{testId}`) for the tests. */
  testId: string;
}

/**
 * Several items of a look-up: picked one by one, each shown as a tag that can be removed. A look-up
 * reads at most 50 ids at once, as many as a form names.
 */
export function LookupMultiSelect(props: LookupMultiSelectProps) {
  const ids = idsOf(props.value);
  const set = (next: string[]) => props.onChange(next.length ? next : undefined);
  const { data } = useSWR<ListResponse<LookupItem>>(ids.length ? withQuery(props.endpoint, { ids: ids.join(','), size: 50 }) : null, { keepPreviousData: true });
  const byId = new Map(data?.data.map((item) => [item.id, item]));
  return (
    <div className="lookup-multi" data-testid={`${props.testId}-field`}>
      <LookupSelect
        id={props.id}
        name={props.name}
        endpoint={props.endpoint}
        value=""
        activeOnly
        fill
        intent={props.intent}
        emptyLabel={props.addLabel}
        aria-label={props.addLabel}
        disabled={props.disabled}
        onChange={(picked) => picked && !ids.includes(picked) && set([...ids, picked])}
      />
      <div className="tag-list lookup-multi-chosen" data-testid={`chosen-${props.testId}`}>
        {ids.map((itemId) => {
          const item = byId.get(itemId);
          const label = item ? lookupLabel(item) : '…';
          return (
            <Tag
              key={itemId}
              data-code={item?.code ?? undefined}
              endIcon={
                props.disabled ? undefined : (
                  <Button variant="minimal" size="small" icon="cross" aria-label={props.removeLabel(label)} onClick={() => set(ids.filter((x) => x !== itemId))} />
                )
              }
            >
              {label}
            </Tag>
          );
        })}
      </div>
    </div>
  );
}
