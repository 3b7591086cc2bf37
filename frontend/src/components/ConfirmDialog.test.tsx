import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useConfirm } from './ConfirmDialog';

/** A button that asks for a confirmation and lists the answers given so far. */
function Asker() {
  const [element, confirm] = useConfirm();
  const [answers, setAnswers] = useState<boolean[]>([]);
  return (
    <>
      <button type="button" onClick={() => void confirm({ message: 'Delete it?' }).then((ok) => setAnswers((a) => [...a, ok]))}>
        ask
      </button>
      <output data-testid="answers">{answers.join(' ')}</output>
      {element}
    </>
  );
}

const footerButtons = () => [...document.querySelectorAll('.bp6-dialog-footer button')].map((b) => b.textContent);

describe('the confirmation', () => {
  it('offers two choices, Cancel and OK: no second button that does what Cancel does', async () => {
    render(<Asker />);
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    expect(await screen.findByText('Delete it?')).toBeTruthy();
    expect(footerButtons()).toEqual(['Cancel', 'OK']);
  });

  it('OK answers yes; Cancel and Escape answer no', async () => {
    const user = userEvent.setup();
    render(<Asker />);
    const ask = async () => {
      // (once the last dialog is gone: one reopened while it closes misses its Escape in Blueprint)
      await waitFor(() => expect(screen.queryByText('Delete it?')).toBeNull());
      await user.click(screen.getByRole('button', { name: 'ask' }));
      await screen.findByText('Delete it?');
    };
    const answers = () => screen.getByTestId('answers').textContent;

    await ask();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(answers()).toBe('true'));
    await ask();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(answers()).toBe('true false'));
    await ask();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(answers()).toBe('true false false'));
  });
});
