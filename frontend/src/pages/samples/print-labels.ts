import type { SampleView } from '@rfid/contracts';
import type { TFunction } from 'i18next';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The labels of samples, one per sample (its code large, its name, season and supplier, its tag's EPC),
 * laid out for A4 sheets of 3 × 8 labels, in a page of their own that the browser prints. The page is
 * made from text alone (escaped): a sample's name never becomes markup.
 */
export function labelsPage(t: TFunction, language: string, samples: readonly SampleView[]): string {
  const label = (s: SampleView) => `
    <div class="label">
      <div class="code">${escape(s.sampleCode)}</div>
      <div class="name">${escape(s.name)}</div>
      <div class="meta">${[s.seasonName, s.customerName].filter(Boolean).map((v) => escape(v!)).join(' · ')}</div>
      <div class="tag">${s.currentTagCode ? escape(s.currentTagCode) : escape(t('samples.linked_false'))}</div>
    </div>`;
  return `<!doctype html><html lang="${escape(language)}"><head><meta charset="utf-8"><title>${escape(t('list.print_labels'))}</title>
<style>
  @page { size: A4; margin: 10mm; }
  body { font-family: system-ui, sans-serif; margin: 0; }
  .sheet { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4mm; }
  .label { border: 1px dashed #999; padding: 3mm; height: 30mm; box-sizing: border-box; overflow: hidden; break-inside: avoid; }
  .code { font-size: 16pt; font-weight: 700; }
  .name { font-size: 10pt; }
  .meta { font-size: 8pt; color: #555; }
  .tag { font-family: monospace; font-size: 8pt; margin-top: 1mm; }
</style></head><body><div class="sheet">${samples.map(label).join('')}</div></body></html>`;
}

/** Opens the labels in a window of their own and asks the browser to print them. */
export function printLabels(t: TFunction, language: string, samples: readonly SampleView[]): void {
  const view = window.open('', '_blank');
  if (!view) return;
  view.document.write(labelsPage(t, language, samples));
  view.document.close();
  view.focus();
  view.print();
}
