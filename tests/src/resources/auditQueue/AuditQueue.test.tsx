import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { signIn } from '../../fixtures';
import { renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { AuditQueue } from '../../../../src/resources/auditQueue/AuditQueue';
import { QUEUE, auditor, queueHandlers } from './queueMocks';

const server = startMswServer();

/** Long enough for the first render of the page (filters, date pickers) on a busy machine. */
const FIRST_RENDER = { timeout: 5000 };

/** The ticket rows of the queue's table (header row left out), once it shows. */
async function ticketRows(): Promise<HTMLElement[]> {
  const table = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('table[aria-label="Audit Queue"]');
    if (!found) throw new Error('no queue table yet');
    return found;
  }, FIRST_RENDER);
  return [...table.querySelectorAll<HTMLElement>('tbody tr')];
}

function renderQueue() {
  signIn(auditor);
  return renderInAdmin(<AuditQueue />, '/AuditQueue');
}

/** The undo window: react-admin's notification closes after 4 s, then the request goes. */
const AFTER_UNDO_WINDOW = { timeout: 8000 };

describe('/AuditQueue: the auditors\' queue', () => {
  it('lists the waiting tickets oldest first with their attention reasons and the corrected marker', async () => {
    const seen = queueHandlers(server);
    renderQueue();
    const rows = await ticketRows();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Queue' })).toBeInTheDocument();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('(A0007) Doe, Jane');
    expect(rows[0]).toHaveTextContent('Sun 03/01/2026');
    expect(rows[0]).toHaveTextContent('Storm deployment');
    const long = within(rows[0]).getByText('Shift over 10 hours');
    expect(long.closest('[title]')).toHaveAttribute('title', 'Hours worked are more than 10.');
    expect(within(rows[0]).getByText('Entered over 7 days late')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Counts far above his usual')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Arrests: 9');
    expect(within(rows[2]).getByText('Corrected')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Flagged before: Wrong precinct');
    expect(rows[2]).toHaveTextContent('St. Patrick Parade');
    expect(screen.getByText('Keys: j / k move, x selects, a accepts, f flags.')).toBeInTheDocument();
    expect(seen.lists[0]).toMatchObject({ _start: '0', _end: '100' });
  });

  it('says so when nothing waits', async () => {
    queueHandlers(server, []);
    renderQueue();
    expect(await screen.findByText('No time tickets are waiting for review.', {}, FIRST_RENDER)).toBeInTheDocument();
  });

  it('j, j, a accepts the second ticket: it leaves at once, the request goes once the undo window has passed', async () => {
    const seen = queueHandlers(server);
    renderQueue();
    await ticketRows();
    const user = userEvent.setup();
    await user.keyboard('jj');
    const second = (await ticketRows())[1];
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(second).toHaveFocus();
    await user.keyboard('a');
    await waitFor(async () => expect(await ticketRows()).toHaveLength(2));
    expect(screen.queryByText('Patrol with arrests')).not.toBeInTheDocument();
    expect(await screen.findByText('Time ticket accepted')).toBeInTheDocument();
    expect(seen.reviews).toEqual([]);
    await waitFor(() => expect(seen.reviews).toEqual([{ ids: [12], decision: 'accept' }]), AFTER_UNDO_WINDOW);
    // the next ticket is the current one now
    await waitFor(async () => expect((await ticketRows())[1]).toHaveAttribute('aria-current', 'true'));
    expect(seen.reviews).toHaveLength(1);
  });

  it('Undo brings the accepted ticket back and sends nothing', async () => {
    const seen = queueHandlers(server);
    renderQueue();
    await ticketRows();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Accept 03/01/2026 06:00' }));
    await waitFor(async () => expect(await ticketRows()).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect(await ticketRows()).toHaveLength(3));
    expect(screen.getByText('Storm deployment')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.reviews).toEqual([]);
    // accepted again, it goes for good
    await user.click(screen.getByRole('button', { name: 'Accept 03/01/2026 06:00' }));
    await waitFor(async () => expect(await ticketRows()).toHaveLength(2));
    await waitFor(() => expect(seen.reviews).toEqual([{ ids: [11], decision: 'accept' }]), AFTER_UNDO_WINDOW);
  });

  it('j, x, j, x, f flags both selected tickets with one reason in one request', async () => {
    const seen = queueHandlers(server);
    renderQueue();
    await ticketRows();
    const user = userEvent.setup();
    await user.keyboard('jxjx');
    const rows = await ticketRows();
    expect(within(rows[0]).getByRole('checkbox', { name: 'Select 03/01/2026 06:00' })).toBeChecked();
    expect(within(rows[1]).getByRole('checkbox')).toBeChecked();
    await user.keyboard('f');
    const dialog = await screen.findByRole('dialog', { name: 'Flag 2 time tickets' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason for the flag' });
    // typing in the reason is not taken for the queue's keys
    await user.type(reason, 'Hours off');
    expect(reason).toHaveValue('Hours off');
    await user.click(within(dialog).getByRole('button', { name: 'Flag' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.reviews).toEqual([{ ids: [11, 12], decision: 'flag', reason: 'Hours off' }]);
    expect(await screen.findByText('2 time tickets flagged')).toBeInTheDocument();
    await waitFor(async () => expect(await ticketRows()).toHaveLength(1));
    expect(screen.getByText('Parade detail')).toBeInTheDocument();
  });

  it('a flag needs its reason; a refusal keeps the dialog and the text', async () => {
    const seen = queueHandlers(server, QUEUE, 'A selected time ticket no longer exists. Reload the queue.');
    renderQueue();
    await ticketRows();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Flag 03/08/2026 08:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flag the time ticket of 03/08/2026 08:00' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason for the flag' });
    // a corrected ticket offers its earlier reason
    expect(reason).toHaveValue('Wrong precinct');
    await user.clear(reason);
    await user.click(within(dialog).getByRole('button', { name: 'Flag' }));
    expect(within(dialog).getByText('Enter the reason for the flag.')).toBeInTheDocument();
    expect(seen.reviews).toEqual([]);
    await user.type(reason, 'Still wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Flag' }));
    expect(await within(dialog).findByText('A selected time ticket no longer exists. Reload the queue.')).toBeInTheDocument();
    expect(reason).toHaveValue('Still wrong');
    expect(await ticketRows()).toHaveLength(3);
  });

  it('keys do nothing while the user types in a filter', async () => {
    const seen = queueHandlers(server);
    renderQueue();
    await ticketRows();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Officer' }));
    await user.keyboard('ja');
    expect((await ticketRows()).every((r) => r.getAttribute('aria-current') === null)).toBe(true);
    expect(screen.queryByText('Time ticket accepted')).not.toBeInTheDocument();
    expect(seen.reviews).toEqual([]);
  });

  it('on a phone each ticket is a card with Accept and Flag', async () => {
    setScreenWidth(375);
    queueHandlers(server);
    renderQueue();
    const list = await screen.findByRole('list', { name: 'Audit Queue' }, FIRST_RENDER);
    const cards = [...list.children] as HTMLElement[];
    expect(cards).toHaveLength(3);
    expect(within(cards[0]).getByText('Shift over 10 hours')).toBeInTheDocument();
    expect(within(cards[0]).getByRole('button', { name: 'Accept 03/01/2026 06:00' })).toBeInTheDocument();
    expect(within(cards[0]).getByRole('button', { name: 'Flag 03/01/2026 06:00' })).toBeInTheDocument();
    expect(screen.queryByText('Keys: j / k move, x selects, a accepts, f flags.')).not.toBeInTheDocument();
  });
});
