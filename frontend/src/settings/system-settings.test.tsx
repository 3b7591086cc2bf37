import { screen, waitFor } from '@testing-library/react';
import { REALTIME_EVENTS } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { TitledPage } from '../app/page-title';
import { useListState } from '../components/list/list-state';
import { renderInApp, signedInAs } from '../testing/app-harness';
import { fakeApi } from '../testing/fake-api';
import { fakeRealtime } from '../testing/fake-realtime';
import { PublicSettingsProvider, usePublicSettings } from './system-settings';

function ProductName() {
  return <span>{usePublicSettings().productName}</span>;
}

function PageSize() {
  const { size } = useListState([]);
  return <output data-testid="size">{size}</output>;
}

describe('the settings every screen shows', () => {
  it("name the product in the page title and size the lists, from the server, and follow the server's push", async () => {
    signedInAs([]);
    fakeApi({ 'GET /system-settings/public': () => ({ productName: 'ACME RFID', defaultPageSize: 20 }) });
    const realtime = fakeRealtime();
    renderInApp(
      realtime.wrap(
        <PublicSettingsProvider>
          <TitledPage titleKey="menu.users">
            <PageSize />
          </TitledPage>
        </PublicSettingsProvider>,
      ),
      '/system-adminstration/user',
    );
    await waitFor(() => expect(document.title).toBe('Users | ACME RFID'));
    expect(screen.getByTestId('size').textContent).toBe('20');

    expect(realtime.push(REALTIME_EVENTS.PUBLIC_SETTINGS, { productName: 'Kho mẫu', defaultPageSize: 50 })).toBe(1);
    await waitFor(() => expect(document.title).toBe('Users | Kho mẫu'));
    expect(screen.getByTestId('size').textContent).toBe('50');
  });

  it('a size the address names wins over the setting', async () => {
    signedInAs([]);
    fakeApi({ 'GET /system-settings/public': () => ({ productName: 'ACME RFID', defaultPageSize: 20 }) });
    renderInApp(
      <PublicSettingsProvider>
        <ProductName />
        <PageSize />
      </PublicSettingsProvider>,
      '/system-adminstration/user?size=30',
    );
    await screen.findByText('ACME RFID');
    expect(screen.getByTestId('size').textContent).toBe('30');
  });
});
