import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createUserRequest, type CreateUserRequest } from '@rfid/contracts';
import { fieldMessage } from '../testing/field-message';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { FormDialog, type FieldSpec, type FormMode } from './FormDialog';

const GROUP = '00000000-0000-4000-8000-000000000002';
const fields: FieldSpec[] = [
  { name: 'username', labelKey: 'users.username', required: true },
  { name: 'password', labelKey: 'users.password', type: 'password', required: true },
  { name: 'fullName', labelKey: 'users.full_name', required: true },
  { name: 'position', labelKey: 'users.position' },
  { name: 'groupId', labelKey: 'users.group', type: 'select', options: [{ value: GROUP, label: 'Clerks' }], required: true },
];
const empty = { username: '', password: '', fullName: '', position: '', groupId: '' };

function renderForm(onSubmit: (values: CreateUserRequest) => Promise<void>, mode: FormMode = 'add', initial = empty) {
  const onClose = vi.fn();
  render(<FormDialog isOpen mode={mode} title="New user" fields={fields} schema={createUserRequest} initial={initial} onSubmit={onSubmit} onClose={onClose} />);
  return { onClose };
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('FormDialog checks the shared rules before sending', () => {
  it('every required field left empty says so; optional ones say nothing; nothing is sent', async () => {
    const onSubmit = vi.fn(async () => {});
    renderForm(onSubmit);
    await save();
    expect(['Username', 'Password', 'Full name', 'Group'].map(fieldMessage)).toEqual(Array(4).fill('This information is required'));
    expect(fieldMessage('Position')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a wrong format and an over-long full name get their own messages', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn(async () => {}));
    await user.type(screen.getByLabelText(/^Username/), 'ab');
    await user.type(screen.getByLabelText(/^Password/), 'has space');
    await user.type(screen.getByLabelText(/^Full name/), 'x'.repeat(31));
    await save();
    expect(fieldMessage('Username')).toBe('Wrong format, please check again');
    expect(fieldMessage('Password')).toBe('Wrong format, please check again');
    expect(fieldMessage('Full name')).toBe('You entered more than 30 characters. Please re-enter!');
  });

  it('valid values are sent as the schema reads them (an empty optional field absent) and the dialog closes', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_: CreateUserRequest) => {});
    const { onClose } = renderForm(onSubmit);
    await user.type(screen.getByLabelText(/^Username/), '  nguyen.an ');
    await user.type(screen.getByLabelText(/^Password/), 'secret9');
    await user.type(screen.getByLabelText(/^Full name/), 'Nguyễn Văn An');
    await user.selectOptions(screen.getByLabelText(/^Group/), 'Clerks');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ username: 'nguyen.an', password: 'secret9', fullName: 'Nguyễn Văn An', groupId: GROUP });
  });

  it("the server's field errors land on their fields and the dialog stays open", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'BAD_REQUEST_ERROR', 'invalid', [{ field: 'username', message: 'taken form' }]);
    });
    const { onClose } = renderForm(onSubmit, 'add', { ...empty, username: 'nguyen.an', password: 'secret9', fullName: 'An', groupId: GROUP });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldMessage('Username')).toBe('Wrong format, please check again'));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a view shows the values, read-only, with Close instead of Save', () => {
    renderForm(vi.fn(), 'view', { ...empty, username: 'nguyen.an', fullName: 'An', groupId: GROUP });
    expect((screen.getByLabelText(/^Username/) as HTMLInputElement).value).toBe('nguyen.an');
    expect((screen.getByLabelText(/^Full name/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Close', { selector: '.bp6-dialog-footer .bp6-button-text' })).toBeTruthy();
  });
});
