import { Button, TextArea } from '@blueprintjs/core';
import type { ListResponse, SampleLookupItem } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, withQuery } from '../../api/client';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { SampleSearch } from '../../components/fields/SampleSearch';
import { showError } from '../../components/toasts';
import { ProductChoice } from '../tickets/ProductChoice';
import { tagCodesOf, type EditedItem } from './gate-ticket-items';

interface AdderProps {
  id: string;
  disabled: boolean;
  onAdd: (items: EditedItem[]) => void;
}

/** A sample searched by its code or name; its code is read to show it. */
export function SampleAdder({ id, disabled, onAdd }: AdderProps) {
  const { t } = useTranslation();
  const add = async (sampleId: string) => {
    try {
      const found = await api<ListResponse<SampleLookupItem>>(withQuery(LOOKUPS.samples, { ids: sampleId }));
      const sample = found.data.find((s) => s.id === sampleId);
      if (sample) onAdd([{ kind: 'SAMPLE', sampleId, code: sample.sampleCode, name: sample.name }]);
    } catch (err) {
      showError(err);
    }
  };
  return (
    <SampleSearch id={id} label={t('gate_tickets.add_sample')} disabled={disabled} onPick={(sampleId) => void add(sampleId)} />
  );
}

/** A product searched by its code or name, added with a quantity of 1. */
export function ProductAdder({ id, disabled, onAdd }: AdderProps) {
  return (
    <ProductChoice
      id={id}
      value={undefined}
      disabled={disabled}
      onChange={(p) => onAdd([{ kind: 'PRODUCT', productId: p.id, quantity: '1', code: p.code, name: p.name }])}
    />
  );
}

/** Tag codes typed or pasted, one a line; added all at once. */
export function TagAdder({ id, disabled, onAdd }: AdderProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const codes = tagCodesOf(text);
  const add = () => {
    onAdd(codes.map((code) => ({ kind: 'TAG', tagCode: code, code, name: null })));
    setText('');
  };
  return (
    <div className="tag-adder">
      <TextArea id={id} name="tagCodes" rows={2} fill className="code-text" aria-label={t('gate_tickets.tag_codes')} placeholder={t('gate_tickets.tag_codes')} value={text} disabled={disabled} onChange={(e) => setText(e.target.value)} />
      <Button icon="add" text={t('gate_tickets.add_tags')} disabled={disabled || codes.length === 0} onClick={add} data-testid="add-tags" />
    </div>
  );
}
