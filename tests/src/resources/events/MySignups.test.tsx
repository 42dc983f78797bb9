import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { eventHandlers, eventRow } from './eventMocks';
import { MySignups } from '../../../../src/resources/events/MySignups';

const server = startMswServer();
// the tests' server today is 03/15/2026
const upcoming = [
  eventRow({ eventId: 21, eventName: 'County fair', startDate: '03/28/2026', endDate: '03/28/2026', eventType: { eventTypeId: 11, eventTypeDescription: 'Special' }, incentiveHours: 1.5, description: 'Foot patrol on the <i>fairgrounds</i>.<img src=x onerror=alert(1)>' }),
  eventRow({ eventId: 20, eventName: '<b>Parade</b>', startDate: '03/20/2026', startTime: '22:00', endDate: '03/21/2026', endTime: '02:00', incentiveHours: 2, description: 'Parade route posts.' }),
];
const past = [eventRow({ eventId: 10, eventName: 'Night patrol detail', startDate: '03/10/2026', endDate: '03/10/2026', incentiveHours: 0, description: 'Parking field patrol.' })];

/** The event list answers by window: since today (upcoming) or back to 1980 (past). */
function signupHandlers() {
  const user = sessionUser();
  const seen = eventHandlers(server, user, []);
  server.use(
    http.get('*/api/events/getMultiple', ({ request }) => {
      const q = new URL(request.url).searchParams;
      seen.push({ method: 'GET', url: request.url });
      const rows = q.get('untilStartDate') ? past : upcoming;
      return HttpResponse.json([{ ...eventRow(), eventId: 0, eventName: '' }, ...rows]);
    }),
  );
  return { user, seen };
}

describe('/MySignups', () => {
  it("lists the officer's upcoming sign-ups soonest first with the event details, and the past ones only when asked", async () => {
    const { user, seen } = signupHandlers();
    signIn(user);
    const { container } = renderInAdmin(<MySignups />, '/MySignups');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Sign-ups' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'My Sign-ups: Upcoming' });
    await within(table).findByText('County fair');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Type', 'Date and Time', 'Location', 'Incentive Hours', 'Description', 'Roster']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['Parade', 'County fair']);
    expect(within(rows[0]).getByText('03/20/2026 22:00 – 03/21/2026 02:00')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Roosevelt Field, 630 Old Country Rd, Garden City 11530')).toBeInTheDocument();
    expect(within(rows[0]).getByText('2.00')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Parade').tagName).toBe('B');
    expect(within(rows[1]).getByText('Special')).toBeInTheDocument();
    expect(within(rows[1]).getByText('1.50')).toBeInTheDocument();
    expect(within(rows[1]).getByText('fairgrounds').tagName).toBe('I');
    expect(container.querySelector('img')).toBeNull();
    expect(within(rows[0]).getByRole('link', { name: 'Roster: Parade' })).toHaveAttribute('href', '/EventSignupBrowse?eventId=20');
    // only his own sign-ups from today on were asked for; the past ones not yet
    expect(seen.map((r) => Object.fromEntries(new URL(r.url).searchParams))).toEqual([
      expect.objectContaining({ officerId: '7', sinceStartDate: '03/15/2026' }),
    ]);
    expect(screen.queryByText('Night patrol detail')).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Show past sign-ups' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const pastTable = await screen.findByRole('table', { name: 'My Sign-ups: Past' });
    expect(await within(pastTable).findByText('Night patrol detail')).toBeInTheDocument();
    expect(within(pastTable).getByText('Parking field patrol.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide past sign-ups' })).toHaveAttribute('aria-expanded', 'true');
    expect(Object.fromEntries(new URL(seen[seen.length - 1].url).searchParams)).toMatchObject({ officerId: '7', sinceStartDate: '01/01/1980', untilStartDate: '03/14/2026' });
  });

  it('on a 375-px phone shows each sign-up as a card with its description and incentive hours', async () => {
    const { user } = signupHandlers();
    setScreenWidth(375);
    signIn(user);
    renderInAdmin(<MySignups />, '/MySignups');
    const cards = await screen.findByRole('list', { name: 'My Sign-ups: Upcoming' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [first] = await within(cards).findAllByRole('listitem');
    expect(within(first).getByRole('heading', { name: 'Parade' })).toBeInTheDocument();
    const value = (label: string) => within(first).getByText(`${label}:`).nextElementSibling?.textContent;
    expect(value('Type')).toBe('Details');
    expect(value('Date and Time')).toBe('03/20/2026 22:00 – 03/21/2026 02:00');
    expect(value('Location')).toBe('Roosevelt Field, 630 Old Country Rd, Garden City 11530');
    expect(value('Incentive Hours')).toBe('2.00');
    expect(value('Description')).toBe('Parade route posts.');
  });

  it('says so when there is no upcoming sign-up', async () => {
    const user = sessionUser();
    eventHandlers(server, user, []);
    signIn(user);
    renderInAdmin(<MySignups />, '/MySignups');
    expect(await screen.findByText('You are not signed up for any upcoming event.')).toBeInTheDocument();
  });

  it('is not offered at level 3, which does not sign up for events (spec §6), and asks nothing', async () => {
    const restricted = sessionUser({ accessType: { accessTypeId: 3, description: 'Restricted' } });
    const seen = eventHandlers(server, restricted, [eventRow()]);
    signIn(restricted);
    renderInAdmin(<MySignups />, '/MySignups');
    expect(await screen.findByText('Unauthorized!')).toBeInTheDocument();
    expect(seen).toEqual([]);
  });
});
