import { screen } from '@testing-library/react';
import { API } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { ExcelToolbar } from './ExcelToolbar';

const iconOf = (name: string) => screen.getByRole('button', { name }).querySelector('[data-icon]')?.getAttribute('data-icon');

describe('the Excel buttons', () => {
  it('show what happens to the file: an import uploads (arrow up), an export downloads (arrow down)', () => {
    signedInAs([]);
    renderInApp(<ExcelToolbar list={API.samples.list} template={API.samples.template} import={API.samples.import} export={API.samples.export} />);
    expect(iconOf('Import Excel')).toBe('upload');
    expect(iconOf('Export Excel')).toBe('download');
    expect(iconOf('Download template')).toBe('document');
  });
});
