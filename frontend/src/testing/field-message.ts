import { screen } from '@testing-library/react';

/** The message a form shows under the field labelled `label` ("Name", "Season" ...), or null. */
export function fieldMessage(label: string): string | null {
  const group = screen.getByLabelText(new RegExp(`^${label}`)).closest('.bp6-form-group')!;
  return group.querySelector('.bp6-form-helper-text')?.textContent ?? null;
}
