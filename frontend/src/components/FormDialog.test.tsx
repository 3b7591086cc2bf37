import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMasterDataItemRequest, createUserRequest, TEXT_PATTERNS, type CreateUserRequest } from '@rfid/contracts';
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

  it('each broken rule is said as the schema states it, not as "wrong format"', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn(async () => {}));
    await user.type(screen.getByLabelText(/^Username/), 'ab');
    await user.type(screen.getByLabelText(/^Password/), 'has space');
    await user.type(screen.getByLabelText(/^Full name/), 'x'.repeat(31));
    await save();
    expect(fieldMessage('Username')).toBe('4 to 25 letters, digits and . _ @ -');
    expect(fieldMessage('Password')).toBe('6 to 128 characters without spaces');
    expect(fieldMessage('Full name')).toBe('You entered more than 30 characters. Please re-enter!');
  });

  it('a zone id says its whole rule; a name over 50 characters and a code with other characters say theirs', async () => {
    const user = userEvent.setup();
    const catalogueFields: FieldSpec[] = [
      { name: 'code', labelKey: 'master_data.zone_id', required: true },
      { name: 'name', labelKey: 'master_data.name', required: true },
    ];
    const { unmount } = render(
      <FormDialog isOpen mode="add" title="Zone" fields={catalogueFields} schema={createMasterDataItemRequest('zones')} initial={{ code: '', name: '' }} onSubmit={vi.fn()} onClose={vi.fn()} />,
    );
    await user.type(screen.getByLabelText(/^Zone ID/), 'kho 1');
    await user.type(screen.getByLabelText(/^Name/), 'x'.repeat(51));
    await save();
    expect(fieldMessage('Zone ID')).toBe('2 to 100 upper-case letters and digits');
    expect(fieldMessage('Name')).toBe('You entered more than 50 characters. Please re-enter!');
    unmount();

    render(
      <FormDialog isOpen mode="add" title="Season" fields={[{ ...catalogueFields[0]!, labelKey: 'master_data.code' }]} schema={createMasterDataItemRequest('seasons').pick({ code: true })} initial={{ code: '' }} onSubmit={vi.fn()} onClose={vi.fn()} />,
    );
    await user.type(screen.getByLabelText(/^Code/), 'mùa/1');
    await save();
    expect(fieldMessage('Code')).toBe('At most 50 letters, digits and . _ -');
  });

  it('the first field has the focus on opening; after a refused save, the first wrong field', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn(async () => {}), 'add', { ...empty, username: 'nguyen.an', password: 'secret9' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Username/)));
    await save();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Full name/));
    await user.type(screen.getByLabelText(/^Full name/), 'An');
    await save();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Group/));
  });

  it('a text with a length limit counts its characters against the limit', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn(async () => {}));
    const counter = (label: string) => document.getElementById(`${screen.getByLabelText(new RegExp(`^${label}`)).id}-count`);
    expect(counter('Full name')?.textContent).toBe('0/30');
    expect(counter('Username')?.textContent).toBe('0/25');
    expect(counter('Password'), 'a password is not counted').toBeNull();
    expect(counter('Group'), 'nor a choice').toBeNull();
    await user.type(screen.getByLabelText(/^Full name/), 'Nguyễn Văn An');
    expect(counter('Full name')?.textContent).toBe('13/30');
    await user.type(screen.getByLabelText(/^Full name/), 'x'.repeat(20));
    expect(counter('Full name')?.textContent).toBe('33/30');
    expect(counter('Full name')?.classList.contains('over')).toBe(true);
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

  it("the server's field errors land on their fields, said as the rule; the dialog stays open", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'BAD_REQUEST_ERROR', 'invalid', [{ field: 'username', rule: 'invalid_format', limit: 'regex', pattern: String(TEXT_PATTERNS.USERNAME), message: 'letters, digits and . _ @ - only' }]);
    });
    const { onClose } = renderForm(onSubmit, 'add', { ...empty, username: 'nguyen.an', password: 'secret9', fullName: 'An', groupId: GROUP });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldMessage('Username')).toBe('4 to 25 letters, digits and . _ @ -'));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a duplicate the server refuses (USERNAME_EXIST) is said under the field that holds it, which gets the focus', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, 'USERNAME_EXIST', 'Username already exists');
    });
    const { onClose } = renderForm(onSubmit, 'add', { ...empty, username: 'nguyen.an', password: 'secret9', fullName: 'An', groupId: GROUP });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldMessage('Username')).toBe('Username already exists'));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Username/));
    expect(fieldMessage('Full name')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a view shows the values, read-only, with Close instead of Save', () => {
    renderForm(vi.fn(), 'view', { ...empty, username: 'nguyen.an', fullName: 'An', groupId: GROUP });
    expect((screen.getByLabelText(/^Username/) as HTMLInputElement).value).toBe('nguyen.an');
    expect((screen.getByLabelText(/^Full name/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Close', { selector: '.bp6-dialog-footer .bp6-button-text' })).toBeTruthy();
  });

  it('a form holding changes asks before Escape or Cancel closes it; staying keeps them; an untouched form closes at once', async () => {
    const user = userEvent.setup();
    const { onClose } = renderForm(vi.fn(async () => {}));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.type(screen.getByLabelText(/^Username/), 'new.user');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Some changes are not saved. Close and lose them?')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText('Some changes are not saved. Close and lose them?')).toBeNull());
    expect((screen.getByLabelText(/^Username/) as HTMLInputElement).value).toBe('new.user');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Close without saving' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
