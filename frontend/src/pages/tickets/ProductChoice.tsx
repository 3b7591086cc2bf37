import '@blueprintjs/select/lib/css/blueprint-select.css';
import { MenuItem, type Intent } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import { API, LIMITS, type ListResponse } from '@rfid/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { withQuery } from '../../api/client';

/** A product as a ticket's line chooses it (what GET /api/products answers of each). */
export interface ProductOption {
  id: string;
  code: string;
  name: string;
  unit?: string | null;
}

const label = (p: ProductOption): string => `${p.name} (${p.code})`;
/** The search is sent once typing pauses this long. */
const TYPING_PAUSE_MS = 250;

/**
 * The product of a ticket's line: a searchable choice over GET /api/products (q, 20 at a time).
 * The products module has no look-up route yet; when it has one, this is the one place to switch
 * to the look-up choice (LookupSelect).
 */
export function ProductChoice(props: { id: string; value: ProductOption | undefined; onChange: (p: ProductOption) => void; disabled?: boolean; intent?: Intent }) {
  const { t } = useTranslation();
  // fetched from the first opening on, and never gated on the popover again: its closing transition can
  // end after a quick reopening, which left the reopened list empty
  const [used, setUsed] = useState(false);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim().length >= LIMITS.SEARCH_MIN ? text.trim() : ''), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // the list shown stays until the answer to the new search replaces it: Enter, pressed as the search
  // is sent, picks what the user sees highlighted, never an emptied list
  const { data, error, isLoading } = useSWR<ListResponse<ProductOption>>(used ? withQuery(API.products.list.path, { q: query || undefined, size: 20 }) : null, { keepPreviousData: true });
  // the server's answer comes after the typing: its first product is the one Enter picks
  const [active, setActive] = useState<ProductOption | null>(null);
  useEffect(() => setActive(data?.data[0] ?? null), [data]);
  return (
    // Enter picks the highlighted product (on key up); it never submits the form the choice is in
    <div className="product-choice" onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}>
    <Suggest<ProductOption>
      items={data?.data ?? []}
      selectedItem={props.value ?? null}
      inputValueRenderer={label}
      itemsEqual={(a, b) => a.id === b.id}
      activeItem={active}
      onActiveItemChange={(item) => setActive(item)}
      onItemSelect={props.onChange}
      query={text}
      onQueryChange={setText}
      resetOnClose
      disabled={props.disabled}
      fill
      itemRenderer={(p, { handleClick, handleFocus, modifiers }) =>
        modifiers.matchesPredicate ? (
          <MenuItem key={p.id} roleStructure="listoption" text={label(p)} label={p.unit ?? undefined} active={modifiers.active} onClick={handleClick} onFocus={handleFocus} />
        ) : null
      }
      noResults={<MenuItem roleStructure="listoption" disabled text={error ? t('an_error_occurred') : isLoading ? t('tickets.loading') : t('common.no_data')} />}
      inputProps={{ id: props.id, 'aria-label': t('tickets.product'), placeholder: t('common.choose'), intent: props.intent }}
      popoverProps={{ minimal: true, matchTargetWidth: true, onOpening: () => setUsed(true) }}
    />
    </div>
  );
}
