import { Button, Radio, RadioGroup, Tag } from '@blueprintjs/core';
import { chunks, TICKET_FIELDS, TICKET_REQUESTS, type ListResponse, type SampleLookupItem, type TicketDetail, type TicketSource } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { call, withQuery } from '../../api/client';
import { SampleSearch } from '../../components/fields/SampleSearch';
import { useFieldViews } from '../../components/fields/field-views';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { FormDialog, type CustomFieldProps, type FieldSpec } from '../../components/FormDialog';
import { showSuccess, showWarning } from '../../components/toasts';
import { ProductChoice, type ProductOption } from './ProductChoice';
import { SUPPLIER_ONLY_FIELDS, type TicketScreen } from './ticket-screens';

/** A product line while it is edited: the product chosen (with its name, to show it) and the quantity as typed. */
interface EditedLine {
  /** Stays with the line while lines above it are removed. */
  key: number;
  productId: string;
  product?: ProductOption;
  planned: string;
}

let nextLineKey = 1;
const newLine = (): EditedLine => ({ key: nextLineKey++, productId: '', planned: '1' });

/**
 * Creating an import or export ticket: its source first (a supplier's goods or the sample room's
 * own samples), then the fields that source needs. The same schema as the server checks every
 * rule before sending (a product at most once, quantities from 1, a list never empty); what the
 * server refuses lands on its field too.
 */
export function TicketFormDialog(props: {
  screen: TicketScreen;
  isOpen: boolean;
  onClose: () => void;
  /** The ticket created, or (with `ticket`) saved. */
  onSaved: (ticket: TicketDetail) => void;
  /** A NEW ticket to change: its source stays. */
  ticket?: TicketDetail;
}) {
  const { t } = useTranslation();
  const editing = props.ticket;
  const [source, setSource] = useState<TicketSource>(editing?.source ?? 'SUPPLIER');
  const { formField: field, formValues } = useFieldViews<TicketDetail, typeof TICKET_FIELDS>(TICKET_FIELDS);
  const fields: FieldSpec[] = [
    {
      name: 'source',
      labelKey: 'tickets.source',
      type: 'custom',
      required: true,
      render: (p) => (
        <RadioGroup
          inline
          name="source"
          selectedValue={String(p.value)}
          disabled={p.disabled || !!editing}
          onChange={(e) => {
            const next = e.currentTarget.value as TicketSource;
            p.onChange(next);
            setSource(next);
          }}
        >
          <Radio id={p.id} value="SUPPLIER" label={t('tickets.source_SUPPLIER')} />
          <Radio value="INTERNAL" label={t('tickets.source_INTERNAL')} />
        </RadioGroup>
      ),
    },
    field.warehouseId,
    // a supplier's goods come with its purchase order and product lines, the sample room's own samples with neither
    ...(source === 'SUPPLIER'
      ? ([
          ...SUPPLIER_ONLY_FIELDS.map((key) => field[key]),
          { name: 'lines', labelKey: 'tickets.products', type: 'custom', required: true, render: (p) => <ProductLinesEditor {...p} /> },
        ] satisfies FieldSpec[])
      : ([{ name: 'sampleIds', labelKey: 'tickets.samples', type: 'custom', required: true, render: (p) => <SampleChooser {...p} /> }] satisfies FieldSpec[])),
    // an export's goods leave by the gate it names
    { ...field.allowedGateId, required: props.screen.direction === 'EXPORT' },
    field.equipmentId,
    field.note,
  ];
  return (
    <FormDialog
      isOpen={props.isOpen}
      mode={editing ? 'edit' : 'add'}
      className="wide-dialog"
      title={editing ? t('tickets.edit_title', { code: editing.code }) : t(props.screen.direction === 'IMPORT' ? 'tickets.create_import' : 'tickets.create_export')}
      fields={fields}
      schema={TICKET_REQUESTS[props.screen.direction].create}
      initial={editing ? { ...formValues(editing), ...linesOf(editing) } : { source: 'SUPPLIER', lines: [newLine()], sampleIds: [] }}
      onClose={() => {
        setSource(editing?.source ?? 'SUPPLIER');
        props.onClose();
      }}
      onSubmit={async (body) => {
        const { routes } = props.screen;
        const saved = editing
          ? await call(routes.update, { params: { id: editing.id }, query: { expectedVersion: editing.version }, body })
          : await call(routes.create, { body });
        // an export planning more than is available is kept (stock may arrive before approval) but said at once
        const short = saved.shortages.map((s) => t('tickets.stock_not_available', { product: s.code, available: s.available, planned: s.planned }));
        if (short.length) showWarning(t('tickets.created_short', { code: saved.code, products: short.join('; ') }));
        else showSuccess(t(editing ? 'tickets.saved' : 'tickets.created', { code: saved.code }));
        props.onSaved(saved);
      }}
    />
  );
}

/** A ticket's source and lines as the form edits them: its product lines with their products named, its samples. */
function linesOf(ticket: TicketDetail) {
  return {
    source: ticket.source,
    lines: ticket.lines
      .filter((l) => l.productId)
      .map((l): EditedLine => ({ key: nextLineKey++, productId: l.productId!, product: { id: l.productId!, code: l.code, name: l.name ?? '', unit: l.unit }, planned: String(l.planned) })),
    sampleIds: ticket.lines.flatMap((l) => (l.sampleId ? [l.sampleId] : [])),
  };
}

/** The product lines: a product and its planned quantity each; the broken rule's line is marked (`at`: its index, then the field). */
function ProductLinesEditor({ id, value, onChange, disabled, error }: CustomFieldProps) {
  const { t } = useTranslation();
  const lines = (value as EditedLine[] | undefined) ?? [];
  const wrongLine = error?.at[0];
  const change = (key: number, patch: Partial<EditedLine>) => onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  return (
    <div className="ticket-lines-editor" data-testid="product-lines">
      {lines.map((l, index) => (
        <div key={l.key} className={`ticket-line-row${wrongLine === String(index) ? ' wrong' : ''}`} data-testid="product-line">
          <ProductChoice
            id={index === 0 ? id : `${id}-${l.key}`}
            value={l.product}
            disabled={disabled}
            intent={wrongLine === String(index) && error?.at[1] !== 'planned' ? 'danger' : 'none'}
            onChange={(product) => change(l.key, { product, productId: product.id })}
          />
          <input
            className="bp6-input"
            type="number"
            min={1}
            step={1}
            name={`planned-${index}`}
            aria-label={t('tickets.planned')}
            value={l.planned}
            disabled={disabled}
            onChange={(e) => change(l.key, { planned: e.target.value })}
          />
          <Button icon="trash" variant="minimal" aria-label={t('tickets.remove_line')} disabled={disabled} onClick={() => onChange(lines.filter((x) => x.key !== l.key))} />
        </div>
      ))}
      <div>
        <Button icon="add" variant="minimal" text={t('tickets.add_line')} disabled={disabled} onClick={() => onChange([...lines, newLine()])} data-testid="add-line" />
      </div>
    </div>
  );
}

/** The samples of an internal ticket: searched and added one by one, each removable. */
function SampleChooser({ id, value, onChange, disabled }: CustomFieldProps) {
  const { t } = useTranslation();
  const ids = (value as string[] | undefined) ?? [];
  return (
    <div data-testid="sample-chooser">
      <SampleSearch id={id} label={t('tickets.add_sample')} disabled={disabled} onPick={(sampleId) => !ids.includes(sampleId) && onChange([...ids, sampleId])} />
      <ul className="ticket-chosen-samples" data-testid="chosen-samples">
        {chunks(ids, 50).map((chunk, index) => (
          // keyed by position: a chunk keeps its names shown while the next answer loads, the chips do not jump
          <ChosenSamples key={index} ids={chunk} onRemove={(sampleId) => onChange(ids.filter((x) => x !== sampleId))} />
        ))}
      </ul>
    </div>
  );
}


/** Chosen samples by their code and name (a look-up reads at most 50 ids at once). */
function ChosenSamples({ ids, onRemove }: { ids: string[]; onRemove: (id: string) => void }) {
  const { t } = useTranslation();
  const { data } = useSWR<ListResponse<SampleLookupItem>>(withQuery(LOOKUPS.samples, { ids: ids.join(','), size: 50 }), { keepPreviousData: true });
  const byId = new Map(data?.data.map((s) => [s.id, s]));
  return (
    <>
      {ids.map((sampleId) => {
        const s = byId.get(sampleId);
        return (
          <li key={sampleId} data-sample={s?.sampleCode}>
            <Tag
              endIcon={<Button variant="minimal" size="small" icon="cross" aria-label={t('tickets.remove_sample', { code: s?.sampleCode ?? '' })} onClick={() => onRemove(sampleId)} />}
            >
              {s ? `${s.sampleCode} · ${s.name}` : '…'}
            </Tag>
          </li>
        );
      })}
    </>
  );
}
