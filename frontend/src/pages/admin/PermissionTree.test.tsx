import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { P } from '@rfid/contracts';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PermissionTree } from './PermissionTree';

const labels = () => [...document.querySelectorAll('.permission-tree .bp6-control')].map((c) => c.textContent);

function Tree({ initial, onChange }: { initial: string[]; onChange: (codes: string[]) => void }) {
  const [selected, setSelected] = useState(new Set(initial));
  return (
    <PermissionTree
      selected={selected}
      onChange={(next) => {
        setSelected(next);
        onChange([...next].sort());
      }}
    />
  );
}

describe('the permission tree', () => {
  it('offers the screens the app has, and none of those not built yet', () => {
    render(<Tree initial={[]} onChange={() => {}} />);
    const shown = labels();
    for (const built of ['Dashboard', 'Samples', 'RFID tags', 'RFID linking', 'RFID unlinking', 'Linking report', 'Unlink report', 'Users', 'User groups', 'Seasons', 'Suppliers', 'Locations (zones)', 'System log', 'Security gate', 'Gate configuration', 'Integration log', 'Import tickets', 'Export tickets', 'Products', 'Inventory', 'Gate tickets', 'Gate history', 'Alert report', 'Alert configuration', 'System configuration', 'Stocktake', 'Stocktaking', 'Counting']) {
      expect(shown, built).toContain(built);
    }
    for (const notYet of ['Locations']) {
      expect(shown, notYet).not.toContain(notYet);
    }
  });

  it('"All permissions" selects and clears what it shows, and keeps a hidden code granted already', async () => {
    const onChange = vi.fn();
    render(<Tree initial={[P.MASTER_DATA_LOCATION_LIST]} onChange={onChange} />);
    await userEvent.click(screen.getByLabelText('All permissions'));
    const all = onChange.mock.lastCall![0] as string[];
    expect(all).toContain(P.MASTER_DATA_LOCATION_LIST);
    expect(all).toContain(P.SECURITY_GATE_TICKET_LIST);
    expect(all).toContain(P.SAMPLE_MANAGEMENT_SAMPLE_DOWNLOAD);
    expect(all).toContain(P.STOCKTAKE_COUNTING_LIST);
    expect(all).toContain(P.SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_UPDATE);
    expect(all).not.toContain(P.MASTER_DATA_LOCATION_UPDATE);
    await userEvent.click(screen.getByLabelText('All permissions'));
    expect(onChange.mock.lastCall![0]).toEqual([P.MASTER_DATA_LOCATION_LIST]);
  });
});
