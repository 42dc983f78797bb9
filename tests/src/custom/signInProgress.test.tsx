import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { startMswServer } from '../msw';
import { sessionUser } from '../fixtures';
import { renderInAdmin } from '../renderInAdmin';
import { LoginPage } from '../../../src/custom/LoginPage';
import { FirstPageProgress } from '../../../src/custom/FirstPageProgress';

const server = startMswServer();

/** A promise a test settles when it wants: the answer the page is waiting for. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** A page whose data arrives when `answer` opens; 'Ask again' fetches it afresh. */
function SlowPage({ answer }: { answer: Promise<void> }) {
  const { data, refetch } = useQuery({ queryKey: ['slow-page'], queryFn: () => answer.then(() => 'Rows are here') });
  return (
    <>
      <FirstPageProgress />
      <p>{data}</p>
      <button type="button" onClick={() => void refetch()}>
        Ask again
      </button>
    </>
  );
}

describe('progress from Sign in to the first list', () => {
  it("the Sign in button reads 'Signing in…' while the sign-in is on its way", async () => {
    const answer = gate();
    server.use(
      http.post('*/api/authenticate', async () => {
        await answer.opened;
        return HttpResponse.json({ statusCode: 401 }, { status: 401 });
      }),
    );
    renderInAdmin(<LoginPage />, '/Login', { others: ['/'] });
    await userEvent.type(await screen.findByLabelText(/Login/), 'jdoe');
    await userEvent.type(screen.getByLabelText(/Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeDisabled();
    answer.open();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('the header bar shows until the first page has its data, and not for later requests', async () => {
    server.use(http.get('*/api/session', () => HttpResponse.json({ user: sessionUser() })));
    const answer = gate();
    renderInAdmin(<SlowPage answer={answer.opened} />, '/TimeTicketBrowse');
    expect(screen.getByRole('progressbar', { name: 'Loading the page…' })).toBeInTheDocument();
    await act(async () => answer.open());
    expect(await screen.findByText('Rows are here')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading the page…' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Ask again' }));
    expect(screen.queryByRole('progressbar', { name: 'Loading the page…' })).not.toBeInTheDocument();
  });

  it('stays while home passes the officer on, even with nothing loading', async () => {
    renderInAdmin(<FirstPageProgress />, '/');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByRole('progressbar', { name: 'Loading the page…' })).toBeInTheDocument();
  });
});
