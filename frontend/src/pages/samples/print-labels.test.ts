import type { SampleView } from '@rfid/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { labelsPage } from './print-labels';

const t = ((key: string) => ({ 'list.print_labels': 'Print labels', 'samples.linked_false': 'No tag' })[key] ?? key) as unknown as TFunction;
const sample = (over: Partial<SampleView>) => ({ sampleCode: 'SP000001', name: 'Giày', seasonName: 'Xuân Hè 2026', customerName: 'Nike VN', currentTagCode: null, ...over }) as SampleView;

describe('sample labels', () => {
  it('one label per sample: its code, name, season and supplier, and its tag (or that it has none); text never becomes markup', () => {
    const html = labelsPage(t, 'vi', [sample({ currentTagCode: 'E2801160600002FF00000003' }), sample({ sampleCode: 'SP000002', name: '<b>Dép</b> & "quai"' })]);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const labels = [...doc.querySelectorAll('.label')].map((l) => [...l.children].map((c) => c.textContent));
    expect(labels).toEqual([
      ['SP000001', 'Giày', 'Xuân Hè 2026 · Nike VN', 'E2801160600002FF00000003'],
      ['SP000002', '<b>Dép</b> & "quai"', 'Xuân Hè 2026 · Nike VN', 'No tag'],
    ]);
    expect(doc.querySelector('b')).toBeNull();
    expect(doc.documentElement.lang).toBe('vi');
  });
});
