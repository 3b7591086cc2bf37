import { normalizeTagCode, type GateTicketItemView } from '@rfid/contracts';

/**
 * An item of a gate ticket while it is edited: what the request takes (the schema keeps only that),
 * and its code and name to show it. A product's quantity is kept as typed.
 */
export type EditedItem =
  | { kind: 'SAMPLE'; sampleId: string; code: string; name: string | null }
  | { kind: 'PRODUCT'; productId: string; quantity: string | number; code: string; name: string | null }
  | { kind: 'TAG'; tagCode: string; code: string; name: null };

/** An item's identity on a ticket: each sample, product and tag at most once. */
export function editedItemKey(item: EditedItem): string {
  return item.kind === 'SAMPLE' ? `s:${item.sampleId}` : item.kind === 'PRODUCT' ? `p:${item.productId}` : `t:${item.tagCode}`;
}

/** The tag codes of a typed or pasted text: one a line (commas and semicolons separate them too), normalised as the API takes them. */
export function tagCodesOf(text: string): string[] {
  return text.split(/[\r\n,;]+/).map(normalizeTagCode).filter(Boolean);
}

/** A saved ticket's items as the form edits them. */
export function editedItemsOf(items: readonly GateTicketItemView[]): EditedItem[] {
  return items.map((i): EditedItem => {
    if (i.kind === 'SAMPLE') return { kind: 'SAMPLE', sampleId: i.id ?? '', code: i.code, name: i.name };
    if (i.kind === 'PRODUCT') return { kind: 'PRODUCT', productId: i.id ?? '', quantity: i.quantity, code: i.code, name: i.name };
    return { kind: 'TAG', tagCode: i.code, code: i.code, name: null };
  });
}
