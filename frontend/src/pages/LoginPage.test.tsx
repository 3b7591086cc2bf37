import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../testing/app-harness';
import { LoginPage } from './LoginPage';

describe('the sign-in page', () => {
  it('offers the language picker before anyone signs in', async () => {
    renderInApp(<LoginPage />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Language' }));
    const choices = await screen.findAllByRole('menuitem');
    expect(choices.map((c) => c.textContent)).toEqual(['Tiếng Việt', 'English']);
  });
});
