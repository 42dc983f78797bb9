import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser } from '../../fixtures';
import { signIn } from '../../renderApp';
import { renderInAdmin } from '../../renderInAdmin';
import { TicketEdit } from '../../../../src/resources/tickets/TicketEdit';
import { ticketHandlers, totals } from './ticketMocks';

const server = startMswServer();
const QUERY = '?officerId=7&sinceDate=01/01/2026';

/** Types digits into a picker field: a tap on the field (a filled one: back to its first part), then the digits. */
async function typeInto(label: string, digits: string) {
  const input = screen.getByRole<HTMLInputElement>('textbox', { name: label });
  const filled = !!input.value;
  await userEvent.click(input);
  // a filled field: from whichever part the tap selected, back to the first one
  if (filled) await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
  await userEvent.keyboard(digits);
  return input;
}

/** The add form of the signed-in officer (today 03/15/2026), once it shows. */
async function renderAdd() {
  const user = sessionUser();
  ticketHandlers(server, user, [], totals());
  signIn(user);
  renderInAdmin(<TicketEdit />, `/TimeTicketEdit${QUERY}`, { route: '/TimeTicketEdit', others: ['/TimeTicketBrowse', '/'] });
  await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 });
}

describe('/TimeTicketEdit: the 10-42 date follows the 10-41', () => {
  it('moves to the next day for a tour past midnight; Yesterday sets the 10-41 date in one tap', async () => {
    await renderAdd();
    const endDate = screen.getByRole('textbox', { name: '10-42 Date' });
    expect(endDate).toHaveValue('03/15/2026');
    await typeInto('10-41 Time', '2200');
    expect(screen.getByRole('textbox', { name: '10-41 Time' })).toHaveValue('22:00');
    await typeInto('10-42 Time', '0200');
    expect(screen.getByRole('textbox', { name: '10-42 Time' })).toHaveValue('02:00');
    expect(endDate).toHaveValue('03/16/2026');
    await userEvent.click(within(screen.getByRole('group', { name: 'Quick 10-41 date' })).getByRole('button', { name: 'Yesterday' }));
    expect(screen.getByRole('textbox', { name: '10-41 Date' })).toHaveValue('03/14/2026');
    expect(endDate).toHaveValue('03/15/2026');
  });

  it('keeps a 10-42 date changed by hand until the 10-41 date or a time changes again', async () => {
    await renderAdd();
    await typeInto('10-41 Time', '2200');
    await typeInto('10-42 Time', '0200');
    const endDate = screen.getByRole('textbox', { name: '10-42 Date' });
    expect(endDate).toHaveValue('03/16/2026');
    await typeInto('10-42 Date', '03152026');
    expect(endDate).toHaveValue('03/15/2026');
    await userEvent.click(screen.getByRole('textbox', { name: 'Description' }));
    expect(endDate).toHaveValue('03/15/2026');
    await typeInto('10-41 Time', '2300');
    expect(endDate).toHaveValue('03/16/2026');
    await typeInto('10-41 Date', '03102026');
    expect(endDate).toHaveValue('03/11/2026');
  });

  it('choosing an event fills the 10-41 and 10-42 dates and times from the event', async () => {
    const overnight = {
      eventId: 9, eventName: 'Night patrol detail', startDate: '03/10/2026', startTime: '20:00', endDate: '03/11/2026', endTime: '02:00', eventType: { eventTypeId: 1 },
      location: { precinct: { precinctId: 3, description: '3rd Precinct' } }, eventFullDescription: 'D: 03 Night patrol detail 03/10/2026 20:00', incentiveHours: 0,
    };
    server.use(http.get('*/api/events/getMultiple', () => HttpResponse.json([{ eventId: 0 }, overnight])));
    await renderAdd();
    await userEvent.click(screen.getByRole('combobox', { name: 'Assignment Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Detail' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Event' }));
    await userEvent.click(await screen.findByRole('option', { name: 'D: 03 Night patrol detail 03/10/2026 20:00' }));
    expect(screen.getByRole('textbox', { name: '10-41 Date' })).toHaveValue('03/10/2026');
    expect(screen.getByRole('textbox', { name: '10-41 Time' })).toHaveValue('20:00');
    expect(screen.getByRole('textbox', { name: '10-42 Date' })).toHaveValue('03/11/2026');
    expect(screen.getByRole('textbox', { name: '10-42 Time' })).toHaveValue('02:00');
    expect(screen.getByRole('combobox', { name: 'Precinct' })).toHaveTextContent('3rd Precinct');
  });
});
