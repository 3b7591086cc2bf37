import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { ExcelToolbar } from './ExcelToolbar';

const iconOf = (name: string) => screen.getByRole('button', { name }).querySelector('[data-icon]')?.getAttribute('data-icon');

describe('the Excel buttons', () => {
  it('show what happens to the file: an import uploads (arrow up), an export downloads (arrow down)', () => {
    signedInAs([]);
    renderInApp(<ExcelToolbar endpoint="/things" template import export />);
    expect(iconOf('Import Excel')).toBe('upload');
    expect(iconOf('Export Excel')).toBe('download');
    expect(iconOf('Download template')).toBe('document');
  });
});
