import { Icon, InputGroup, Menu, MenuItem, PopoverNext, Spinner, type Intent } from '@blueprintjs/core';
import type { ListResponse, LookupItem } from '@rfid/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { withQuery } from '../../api/client';
import { isSendable } from '../list/list-state';
import { errorMessage } from '../toasts';

/** Items fetched per page of a look-up (the API's largest page). */
const PAGE_SIZE = 50;
/** The search is sent once typing pauses this long. */
const TYPING_PAUSE_MS = 250;

/** What is searched for the text typed: nothing until it is long enough to send. */
const searchOf = (text: string): string => (isSendable(text, 'text') ? text.trim() : '');

/** A choice as a person reads it: "Name (CODE)", or the name of what has no code. */
export const lookupLabel = (item: LookupItem): string => (item.code ? `${item.name} (${item.code})` : item.name);

export interface LookupSelectProps {
  /** The look-up route under /api (`/master-data/seasons/lookup`): searched with `q`, paged, `ids` for the chosen item. */
  endpoint: string;
  /** The chosen item's id; '' is none. */
  value: string;
  onChange: (value: string) => void;
  /** The first choice, which clears the value: "All" in a filter, "Choose" in a form. */
  emptyLabel: string;
  /** Offer only the items still in use (a form); a filter offers the inactive ones too. */
  activeOnly?: boolean;
  id?: string;
  name?: string;
  'aria-label'?: string;
  disabled?: boolean;
  intent?: Intent;
  fill?: boolean;
  /** Reads a look-up whose items are not LookupItems (the samples' look-up) as choices. */
  toItem?: (raw: never) => LookupItem;
}

/**
 * A choice among every item of a look-up, however many: typing searches the server, the list pages
 * on as it is scrolled or walked with the arrow keys, Enter picks the highlighted item, Escape leaves
 * the value as it was. Nothing is fetched until the list opens, but the chosen item's name.
 */
export function LookupSelect(props: LookupSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  // the highlighted option by its value ('' is the first row): an index would point to another item once an answer reorders the list
  const [activeValue, setActiveValue] = useState('');
  const wrapRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchOf(text)), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const pages = useSWRInfinite<ListResponse<LookupItem>>(
    (index, previous: ListResponse<LookupItem> | null) =>
      !open || (previous && index * PAGE_SIZE >= previous.total)
        ? null
        : withQuery(props.endpoint, { q: search || undefined, page: index + 1, size: PAGE_SIZE, active: props.activeOnly || undefined }),
    // the list shown stays until the answer to a new search replaces it: Enter, pressed as the search is
    // sent, picks the item the user sees highlighted, never the first row of an emptied list
    { revalidateFirstPage: false, keepPreviousData: true },
  );
  const asItem = (raw: LookupItem) => (props.toItem ? props.toItem(raw as never) : raw);
  const items = pages.data?.flatMap((p) => p.data.map(asItem)) ?? [];
  const total = pages.data?.[0]?.total ?? 0;
  const loading = open && (pages.isLoading || (pages.isValidating && pages.size > (pages.data?.length ?? 0)));
  // the list is not the answer to what is typed yet: typed but not sent, or sent and not answered (aria-busy)
  const busy = loading || searchOf(text) !== search;
  const loadMore = () => {
    if (!loading && items.length < total) void pages.setSize(pages.size + 1);
  };

  const { data: chosen } = useSWR<ListResponse<LookupItem>>(props.value ? withQuery(props.endpoint, { ids: props.value }) : null);
  const chosenItem = chosen?.data.map(asItem).find((i) => i.id === props.value);
  const chosenLabel = props.value ? (chosenItem ? lookupLabel(chosenItem) : '') : '';

  // the first row clears the choice; then the items of the pages read so far
  const options = [{ value: '', label: props.emptyLabel, inactive: false }, ...items.map((i) => ({ value: i.id, label: lookupLabel(i), inactive: !i.active }))];
  // an option's id names its item, so it stays the same while the pages around it change
  const optionId = (index: number) => `${listId}-option-${options[index]?.value || 'none'}`;
  // a highlighted item not in the list (yet) shows the first row highlighted, and comes back with the answer that holds it
  const active = Math.max(0, options.findIndex((o) => o.value === activeValue));
  const activeId = optionId(active);

  useEffect(() => {
    if (open) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId, open]);

  const close = () => {
    setOpen(false);
    setText('');
    setActiveValue('');
  };
  const choose = (value: string) => {
    close();
    if (value !== props.value) props.onChange(value);
  };
  const move = (to: number) => {
    const next = Math.max(0, Math.min(to, options.length - 1));
    setActiveValue(options[next].value);
    // reaching the last item read asks for the next page
    if (next >= options.length - 1) loadMore();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      else move(active + (e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Enter') {
      // Enter picks; it never submits the form the choice is in
      e.preventDefault();
      if (open && options[active]) choose(options[active].value);
      else setOpen(true);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') {
      close();
    }
  };

  const list = (
    <Menu
      id={listId}
      role="listbox"
      aria-busy={busy}
      aria-label={props['aria-label']}
      className="lookup-menu"
      onScroll={(e) => {
        const el = e.currentTarget;
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 40) loadMore();
      }}
    >
      {options.map((o, index) => (
        <MenuItem
          key={o.value || 'none'}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          active={index === active}
          className={o.inactive ? 'lookup-inactive' : undefined}
          text={o.label}
          labelElement={o.inactive ? t('master_data.status_INACTIVE') : undefined}
          // mouse down would take the focus from the field before the click lands
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => choose(o.value)}
        />
      ))}
      {loading && <MenuItem disabled text={<Spinner size={16} />} />}
      {!loading && pages.data && items.length === 0 && <MenuItem disabled text={t('common.no_data')} />}
      {pages.error && <MenuItem disabled intent="danger" icon="error" text={errorMessage(pages.error)} data-testid="lookup-error" />}
    </Menu>
  );

  return (
    <PopoverNext
      isOpen={open && !props.disabled}
      content={list}
      placement="bottom-start"
      arrow={false}
      autoFocus={false}
      enforceFocus={false}
      matchTargetWidth
      fill={props.fill}
      popoverClassName="lookup-popover"
      onInteraction={(next, e) => {
        if (!next && !wrapRef.current?.contains(e?.target as Node)) close();
      }}
    >
      <div ref={wrapRef} className="lookup-select">
        <InputGroup
          id={props.id}
          name={props.name}
          role="combobox"
          aria-label={props['aria-label']}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? activeId : undefined}
          autoComplete="off"
          disabled={props.disabled}
          intent={props.intent}
          fill={props.fill}
          rightElement={<Icon icon="caret-down" className="lookup-caret" />}
          value={open ? text : chosenLabel}
          placeholder={open ? chosenLabel || props.emptyLabel : props.emptyLabel}
          title={chosenLabel || undefined}
          onChange={(e) => {
            setText(e.target.value);
            // typing starts the highlight over (not the search sent later, which would undo an arrow pressed meanwhile)
            setActiveValue('');
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
      </div>
    </PopoverNext>
  );
}
