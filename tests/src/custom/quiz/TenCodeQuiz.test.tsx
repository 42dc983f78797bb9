import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInAdmin } from '../../renderInAdmin';
import { TenCodeRefresher } from '../../../../src/custom/quiz/TenCodeRefresher';

describe('the Ten Code Refresher (spec §2 Forms page, §4, §5 ten-code quiz)', () => {
  it('asks the code of a random phrase and answers with the three spec messages; Next Code asks another; Close ends it', async () => {
    renderInAdmin(<TenCodeRefresher random={() => 0} />, '/Forms');
    await userEvent.click(screen.getByRole('button', { name: 'Ten Code Refresher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ten Code Refresher' });
    expect(within(dialog).getByText('What is the ten code for "Receiving poorly"?')).toBeInTheDocument();
    const answer = within(dialog).getByRole('textbox', { name: 'Code' });
    expect(answer).toHaveFocus();
    expect(answer).toHaveAttribute('inputmode', 'numeric');

    await userEvent.type(answer, 'one{Enter}');
    expect(await within(dialog).findByText('Code must be numeric. Try again!')).toBeInTheDocument();
    await userEvent.clear(answer);
    await userEvent.type(answer, '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(await within(dialog).findByText('BZZZZT! Wrong! the correct answer is 10-1')).toBeInTheDocument();
    await userEvent.clear(answer);
    await userEvent.type(answer, '1{Enter}');
    expect(await within(dialog).findByText('Good Job! 10-1 is "Receiving poorly".')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Good Job!');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Next Code' }));
    expect(within(dialog).getByText('What is the ten code for "Receiving well"?')).toBeInTheDocument();
    expect(answer).toHaveValue('');
    expect(within(dialog).queryByText(/Good Job!/)).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
