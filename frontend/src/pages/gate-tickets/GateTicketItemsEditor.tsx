import { Button, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CustomFieldProps } from '../../components/FormDialog';
import { showErrorMessage } from '../../components/toasts';
import { editedItemKey, type EditedItem } from './gate-ticket-items';
import { ProductAdder, SampleAdder, TagAdder } from './ItemAdders';

/** The items chosen, as the form keeps them: none is no value, so that the form says the field is required. */
const itemsOf = (value: unknown): EditedItem[] => (Array.isArray(value) ? (value as EditedItem[]) : []);

/**
 * A gate ticket's items: samples and products searched and added, tags typed or pasted; each item
 * at most once (a repeat is said, not added), a product with its quantity, each removable. The
 * broken rule's row is marked (`at`: its index, then the field).
 */
export function GateTicketItemsEditor({ id, value, onChange, disabled, error }: CustomFieldProps) {
  const { t } = useTranslation();
  const items = itemsOf(value);
  const set = (next: EditedItem[]) => onChange(next.length ? next : undefined);
  const wrongRow = error && error.at.length > 0 ? Number(error.at[0]) : undefined;

  const add = (added: EditedItem[]) => {
    const keys = new Set(items.map(editedItemKey));
    const fresh = added.filter((item) => {
      const key = editedItemKey(item);
      if (keys.has(key)) {
        showErrorMessage(t('gate_tickets.item_already', { code: item.code }));
        return false;
      }
      keys.add(key);
      return true;
    });
    if (fresh.length) set([...items, ...fresh]);
  };
  const change = (index: number, quantity: string) => set(items.map((item, i) => (i === index && item.kind === 'PRODUCT' ? { ...item, quantity } : item)));

  return (
    <div className="gate-ticket-items" data-testid="gate-ticket-items">
      {!disabled && (
        <div className="item-adders">
          <div>
            <span className="muted">{t('gate_tickets.add_sample')}</span>
            <SampleAdder id={id} disabled={disabled} onAdd={add} />
          </div>
          <div>
            <span className="muted">{t('gate_tickets.add_product')}</span>
            <ProductAdder id={`${id}-product`} disabled={disabled} onAdd={add} />
          </div>
          <div>
            <span className="muted">{t('gate_tickets.add_tags')}</span>
            <TagAdder id={`${id}-tags`} disabled={disabled} onAdd={add} />
          </div>
        </div>
      )}
      {items.length === 0 ? (
        <p className="muted">{t('gate_tickets.no_items')}</p>
      ) : (
        <HTMLTable compact className="gate-ticket-item-rows">
          <thead>
            <tr>
              <th>{t('gate.item_kind')}</th>
              <th>{t('gate.item')}</th>
              <th>{t('gate_tickets.quantity')}</th>
              {!disabled && <th aria-label={t('list.actions')} />}
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={editedItemKey(item)} className={wrongRow === index ? 'wrong' : undefined} data-testid="gate-ticket-item" data-kind={item.kind}>
                <td>
                  <Tag minimal>{t(`gate.item_kind_${item.kind}`)}</Tag>
                </td>
                <td>
                  {item.code}
                  {item.name && <span className="muted"> · {item.name}</span>}
                </td>
                <td>
                  {item.kind === 'PRODUCT' ? (
                    <InputGroup
                      type="number"
                      min={1}
                      step={1}
                      className="item-quantity"
                      name={`quantity-${index}`}
                      aria-label={t('gate_tickets.quantity_of', { code: item.code })}
                      aria-invalid={wrongRow === index || undefined}
                      intent={wrongRow === index ? 'danger' : 'none'}
                      value={String(item.quantity)}
                      disabled={disabled}
                      onChange={(e) => change(index, e.target.value)}
                    />
                  ) : (
                    <span className="muted">1</span>
                  )}
                </td>
                {!disabled && (
                  <td>
                    <Button variant="minimal" icon="trash" aria-label={t('gate_tickets.remove_item', { code: item.code })} onClick={() => set(items.filter((_, i) => i !== index))} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
