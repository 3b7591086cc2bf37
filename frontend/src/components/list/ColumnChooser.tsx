import { Button, Checkbox, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Column } from './DataTable';

/** The "Columns" button of a list: a check box per column (the pinned key columns always show), and back to the defaults. */
export function ColumnChooser<T>({ columns, hidden, onToggle, onReset }: { columns: readonly Column<T>[]; hidden: ReadonlySet<string>; onToggle: (key: string) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const content = (
    <Menu className="column-chooser" aria-label={t('list.columns')}>
      {columns.map((c) => (
        <li key={c.key} className="column-choice">
          <Checkbox label={t(c.labelKey)} checked={c.pinned || !hidden.has(c.key)} disabled={c.pinned} onChange={() => onToggle(c.key)} name={`column-${c.key}`} />
        </li>
      ))}
      <MenuDivider />
      <MenuItem icon="reset" text={t('list.columns_reset')} onClick={onReset} shouldDismissPopover={false} />
    </Menu>
  );
  return (
    <PopoverNext content={content} placement="bottom-end" arrow={false}>
      <Button icon="column-layout" text={t('list.columns')} data-testid="column-chooser" />
    </PopoverNext>
  );
}
