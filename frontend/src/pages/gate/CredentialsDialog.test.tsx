import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReaderCredentials } from '@rfid/contracts';
import { describe, expect, it, vi } from 'vitest';
import { CredentialsDialog } from './CredentialsDialog';

const credentials: ReaderCredentials = {
  username: 'GATE-01',
  password: 'Xq7-secret-shown-once',
  brokers: ['mqtt://10.0.0.5:1883', 'ws://10.0.0.5:3000/mqtt'],
  topics: { events: 'rfid/readers/GATE-01/events', mgmt: 'rfid/readers/GATE-01/mgmt', commands: 'zebra/gate-01/ctrl', responses: 'zebra/gate-01/ctrl/resp' },
};

describe('the MQTT credentials, shown once', () => {
  it('shows the username, the password, every broker address and the topics, each with a button that copies exactly it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<CredentialsDialog credentials={credentials} onClose={vi.fn()} />);
    const list = screen.getByTestId('credentials');
    for (const value of [credentials.username, credentials.password, ...credentials.brokers, ...Object.values(credentials.topics)]) {
      expect(within(list).getByText(value)).toBeTruthy();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Copy Password' }));
    expect(writeText).toHaveBeenLastCalledWith('Xq7-secret-shown-once');
    await userEvent.click(screen.getAllByRole('button', { name: 'Copy Broker address' })[1]!);
    expect(writeText).toHaveBeenLastCalledWith('ws://10.0.0.5:3000/mqtt');
    await userEvent.click(screen.getByRole('button', { name: 'Copy Commands' }));
    expect(writeText).toHaveBeenLastCalledWith('zebra/gate-01/ctrl');
    expect(writeText).toHaveBeenCalledTimes(3);
  });

  it('warns that the password is not shown again, and closes only with its button: not with Escape', async () => {
    const onClose = vi.fn();
    render(<CredentialsDialog credentials={credentials} onClose={onClose} />);
    expect(screen.getByTestId('credentials-warning').textContent).toBe(
      'Copy the password nowThe password is shown this once and is not kept: once this dialog is closed it cannot be shown again. If it is lost, give the reader a new MQTT password.',
    );
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Close' })).toBeNull();
    // Escape pressed inside the dialog, where it would close another one at once
    screen.getByRole('button', { name: 'I have copied the password' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'I have copied the password' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('says so when the server runs no broker, instead of an empty list', () => {
    render(<CredentialsDialog credentials={{ ...credentials, brokers: [] }} onClose={vi.fn()} />);
    expect(within(screen.getByTestId('credentials')).getByText('None: this server runs no MQTT broker')).toBeTruthy();
  });
});
