import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { P, type ListResponse, type MasterDataItem } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi } from '../../testing/fake-api';
import MasterDataPage from './MasterDataPage';

const item = (n: number, name: string, status: MasterDataItem['status']): MasterDataItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  code: `C${n}`,
  name,
  description: null,
  status,
  version: 1,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

/** The supplier catalogue (API key `customers`, screen /master-data/customer) with one active and one inactive supplier. */
function openSuppliers() {
  signedInAs([P.MASTER_DATA_CUSTOMER_LIST, P.MASTER_DATA_CUSTOMER_DETAIL, P.MASTER_DATA_CUSTOMER_CREATE, P.MASTER_DATA_CUSTOMER_UPDATE]);
  fakeApi({
    'GET /master-data/customers': (): ListResponse<MasterDataItem> => ({ data: [item(1, 'Nike VN', 'ACTIVE'), item(2, 'Old supplier', 'INACTIVE')], total: 2, page: 1, size: 10 }),
  });
  renderInApp(<MasterDataPage />, '/master-data/customer');
}

const dialogTitle = () => document.querySelector('.bp6-dialog-header h6, .bp6-dialog-header .bp6-heading')?.textContent;

describe('a catalogue screen names its items as the catalogue does', () => {
  it('the page is "Suppliers"; its dialogs say "Add supplier", "Supplier details", "Edit supplier"', async () => {
    const user = userEvent.setup();
    openSuppliers();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Suppliers');
    await screen.findByText('Nike VN');

    await user.click(screen.getByTestId('add'));
    await screen.findByTestId('form-dialog');
    expect(dialogTitle()).toBe('Add supplier');
    await user.keyboard('{Escape}');

    const row = screen.getByText('Nike VN').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'View' }));
    await screen.findByTestId('form-dialog');
    expect(dialogTitle()).toBe('Supplier details');
    await user.keyboard('{Escape}');

    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await screen.findByTestId('form-dialog');
    expect(dialogTitle()).toBe('Edit supplier');
  });

  it('an inactive item reads "Inactive", not "Cancelled"', async () => {
    openSuppliers();
    const row = (await screen.findByText('Old supplier')).closest('tr')!;
    expect(within(row).getByText('Inactive')).toBeTruthy();
    expect(screen.queryByText('Cancelled')).toBeNull();
  });
});
