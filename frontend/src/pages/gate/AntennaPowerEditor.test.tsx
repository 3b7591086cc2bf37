import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createReaderRequest } from '@rfid/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { fieldMessage } from '../../testing/field-message';
import { AntennaPowerEditor } from './AntennaPowerEditor';

const OUT_OF_RANGE = 'Antenna power is 0 to 30 dBm (0 turns it off)';

/** The editor as the forms hold it: a custom field of the form dialog, checked with the reader schema's antennas. */
function renderEditor(onSubmit: (values: unknown) => Promise<void>, antennas: unknown[] = [{ port: 1, power: 30 }]) {
  render(
    <FormDialog
      isOpen
      mode="edit"
      title="Antenna power"
      fields={[{ name: 'antennas', labelKey: 'readers.antennas', type: 'custom', required: true, render: (p) => <AntennaPowerEditor {...p} /> }]}
      schema={createReaderRequest.pick({ antennas: true })}
      initial={{ antennas }}
      onSubmit={onSubmit}
      onClose={vi.fn()}
    />,
  );
}
const power = (port: number) => screen.getByRole('spinbutton', { name: `Power of port ${port} (dBm)` }) as HTMLInputElement;
const rows = () => screen.getAllByTestId('antenna-row');
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('the antenna power editor', () => {
  it('refuses a power over 30 dBm with the error code\'s own message on the field, marking that antenna; nothing is sent', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    renderEditor(onSubmit, [
      { port: 1, power: 20 },
      { port: 2, power: 20 },
    ]);
    await user.clear(power(2));
    await user.type(power(2), '31');
    await save();
    expect(fieldMessage('Antennas')).toBe(OUT_OF_RANGE);
    expect(power(2).getAttribute('aria-invalid')).toBe('true');
    expect(power(1).getAttribute('aria-invalid')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says "Off" beside an antenna at 0; a new antenna takes the next free port and the power before it; each port once; one antenna stays', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    renderEditor(onSubmit);
    expect((within(rows()[0]!).getByRole('button', { name: 'Remove the antenna on port 1' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(power(1));
    await user.type(power(1), '0');
    expect(within(rows()[0]!).getByText('Off')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add an antenna' }));
    const port2 = screen.getByRole('combobox', { name: 'Port of antenna 2' }) as HTMLSelectElement;
    expect(port2.value).toBe('2');
    expect([...port2.options].map((o) => o.value)).not.toContain('1');
    expect([...(screen.getByRole('combobox', { name: 'Port of antenna 1' }) as HTMLSelectElement).options].map((o) => o.value)).not.toContain('2');
    expect(power(2).value).toBe('0');
    await user.selectOptions(port2, '4');
    await user.clear(power(4));
    await user.type(power(4), '12.5');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ antennas: [{ port: 1, power: 0 }, { port: 4, power: 12.5 }] }));
  });

  it("a left-empty power is required, not read as off; the server's refusal of an antenna lands on that antenna", async () => {
    const user = userEvent.setup();
    const refusal = new ApiError(400, 'ANTENNA_POWER_OUT_OF_RANGE', OUT_OF_RANGE, [{ field: 'antennas.1.power', rule: 'custom', code: 'ANTENNA_POWER_OUT_OF_RANGE', message: OUT_OF_RANGE }]);
    const onSubmit = vi.fn(async () => {
      throw refusal;
    });
    renderEditor(onSubmit, [
      { port: 1, power: 25 },
      { port: 3, power: 25 },
    ]);
    await user.clear(power(1));
    await save();
    expect(fieldMessage('Antennas')).toBe('This information is required');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(power(1), '25');
    await save();
    await waitFor(() => expect(fieldMessage('Antennas')).toBe(OUT_OF_RANGE));
    expect(power(3).getAttribute('aria-invalid')).toBe('true');
    expect(power(1).getAttribute('aria-invalid')).toBeNull();
  });

  it("on a gate each antenna says the side it faces (none, inner, outer), sent as its role; another kind of reader has no sides", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    render(
      <FormDialog
        isOpen
        mode="edit"
        title="Reader"
        fields={[
          { name: 'kind', labelKey: 'readers.kind', type: 'select', options: [{ value: 'GATE', label: 'Gate' }, { value: 'FIXED', label: 'Fixed' }] },
          { name: 'antennas', labelKey: 'readers.antennas', type: 'custom', required: true, render: (p) => <AntennaPowerEditor {...p} /> },
        ]}
        schema={createReaderRequest.pick({ kind: true, antennas: true })}
        initial={{ kind: 'GATE', antennas: [{ port: 1, power: 30, role: 'INNER' }, { port: 2, power: 30 }] }}
        onSubmit={onSubmit}
        onClose={vi.fn()}
      />,
    );
    const side = (port: number) => screen.getByRole('combobox', { name: `Side of port ${port}` }) as HTMLSelectElement;
    expect(side(1).value).toBe('INNER');
    expect(side(2).value).toBe('');
    expect([...side(2).options].map((o) => o.text)).toEqual(['Not set', 'Inner', 'Outer']);
    await user.selectOptions(side(2), 'OUTER');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ kind: 'GATE', antennas: [{ port: 1, power: 30, role: 'INNER' }, { port: 2, power: 30, role: 'OUTER' }] }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'FIXED');
    expect(screen.queryByRole('combobox', { name: 'Side of port 1' })).toBeNull();
  });
});
