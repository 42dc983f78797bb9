import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer, describeRequest, type SeenRequest } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { EventCalendar } from '../../../../src/resources/calendar/EventCalendar';
import type { CalendarEvent } from '../../../../src/domain/schemas/mySettings';

const server = startMswServer();

// the browser's own clock far from the organisation's (UTC+14): the calendar must not shift times by it
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Pacific/Kiritimati';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const officer = sessionUser({ officerId: 7 });
const restricted = sessionUser({ officerId: 8, accessType: { accessTypeId: 3, description: 'Restricted' } });

/** An event of the calendar answer; 03/17/2026 08:00-16:00 (the tests' today is Sunday 03/15/2026). */
function calendarEvent(o: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: 5,
    eventName: 'Holiday traffic detail',
    eventTypeId: 1,
    eventType: 'Details',
    precinctId: 5,
    precinct: '5th Precinct',
    location: 'Roosevelt Field',
    start: '2026-03-17T08:00',
    end: '2026-03-17T16:00',
    startDate: '03/17/2026',
    startTime: '08:00',
    endDate: '03/17/2026',
    endTime: '16:00',
    status: 'Partially Staffed - 3 Slot(s) Available',
    signupCount: 1,
    maxOfficers: 4,
    signedUp: true,
    ...o,
  };
}

const EVENTS = [
  calendarEvent(),
  calendarEvent({ id: 6, eventName: 'Fire safety training', eventTypeId: 4, eventType: 'Training', start: '2026-03-19T18:30', end: '2026-03-19T21:00', startDate: '03/19/2026', startTime: '18:30', endDate: '03/19/2026', endTime: '21:00', status: 'UNCOVERED', signedUp: false, signupCount: 0 }),
];

/** Session, lookups and GET /api/events/calendar answering `events`; returns the calendar requests seen. */
function calendarHandlers(user = officer, events = EVENTS) {
  const seen: SeenRequest[] = [];
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ user })),
    http.get('*/api/getPrecinctTable', () => HttpResponse.json([{ id: 1, description: '1st Precinct' }, { id: 5, description: '5th Precinct' }])),
    http.get('*/api/getLookupTable', () => HttpResponse.json([{ id: 1, description: 'Details' }, { id: 4, description: 'Training' }])),
    http.get('*/api/events/calendar', async ({ request }) => {
      const req = await describeRequest(request);
      seen.push(req);
      return HttpResponse.json(req.query.eventTypeId ? events.filter((e) => String(e.eventTypeId) === req.query.eventTypeId) : events);
    }),
  );
  return seen;
}

describe('/EventCalendar: an officer sees the events of the week on his phone', () => {
  it('lists this week with each event’s staffing and his own sign-up marked in words, times as the organisation’s clock', async () => {
    setScreenWidth(375);
    const seen = calendarHandlers();
    signIn(officer);
    renderInAdmin(<EventCalendar />, '/EventCalendar', { others: ['/EventSignupBrowse'] });
    expect(await screen.findByRole('heading', { name: 'Events Calendar', level: 1 })).toBeInTheDocument();
    const detail = await screen.findByRole('link', { name: /^Holiday traffic detail, 03\/17\/2026 08:00 - 16:00, Partially Staffed - 3 Slot\(s\) Available, you are signed up/ });
    const row = detail.closest('tr')!;
    expect(within(row).getByText('Signed up')).toBeInTheDocument();
    expect(within(row).getByText(/Partially Staffed - 3 Slot\(s\) Available/)).toBeInTheDocument();
    // the list's time column shows the wall-clock times as given, whatever the browser's zone
    expect(new Date(Date.UTC(2026, 2, 17, 12)).getHours()).toBe(2);
    expect(within(row).getByText(/08:00\s*-\s*16:00/)).toBeInTheDocument();
    const training = screen.getByRole('link', { name: /^Fire safety training/ }).closest('tr')!;
    expect(within(training).getByText(/UNCOVERED/)).toBeInTheDocument();
    expect(within(training).queryByText('Signed up')).not.toBeInTheDocument();
    // the list view of the week (Sunday to Saturday) is what was asked
    expect(seen.at(-1)!.query).toMatchObject({ from: '03/15/2026', to: '03/21/2026' });
  });

  it('asks again with the event type chosen in the filter', async () => {
    setScreenWidth(375);
    const seen = calendarHandlers();
    signIn(officer);
    renderInAdmin(<EventCalendar />, '/EventCalendar');
    await screen.findByRole('link', { name: /^Fire safety training/ });
    await userEvent.click(screen.getByRole('combobox', { name: 'Event Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Training' }));
    await waitFor(() => expect(seen.at(-1)!.query).toMatchObject({ eventTypeId: '4', from: '03/15/2026' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Holiday traffic detail/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /^Fire safety training/ })).toBeInTheDocument();
    expect(inAdminPath()).toBe('/EventCalendar?eventTypeId=4');
  });

  it('asks for the next week, and for the whole month in the month view', async () => {
    setScreenWidth(375);
    const seen = calendarHandlers();
    signIn(officer);
    renderInAdmin(<EventCalendar />, '/EventCalendar');
    await screen.findByRole('link', { name: /^Holiday traffic detail/ });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(seen.at(-1)!.query).toMatchObject({ from: '03/22/2026', to: '03/28/2026' }));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Mar 22 – 28, 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Month' }));
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    // March 2026 starts on a Sunday: six weeks from 03/01
    await waitFor(() => expect(seen.at(-1)!.query).toMatchObject({ from: '03/01/2026', to: '04/11/2026' }));
  });

  it('opens the event’s roster when he chooses it', async () => {
    setScreenWidth(375);
    calendarHandlers();
    signIn(officer);
    renderInAdmin(<EventCalendar />, '/EventCalendar', { others: ['/EventSignupBrowse'] });
    await userEvent.click(await screen.findByRole('link', { name: /^Holiday traffic detail/ }));
    expect(await screen.findByText('Page /EventSignupBrowse')).toBeInTheDocument();
    expect(inAdminPath()).toBe('/EventSignupBrowse?eventId=5');
  });

  it('level 3: details only, no event type filter, and the way back to his Detail List', async () => {
    setScreenWidth(375);
    const seen = calendarHandlers(restricted);
    signIn(restricted);
    renderInAdmin(<EventCalendar />, '/EventCalendar');
    expect(await screen.findByRole('heading', { name: 'Detail List', level: 1 })).toBeInTheDocument();
    await screen.findByRole('link', { name: /^Holiday traffic detail/ });
    expect(screen.queryByRole('combobox', { name: 'Event Type' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Precinct' })).toBeInTheDocument();
    expect(seen.at(-1)!.query).toMatchObject({ eventTypeId: '1' });
    expect(screen.getByRole('link', { name: 'List view' })).toHaveAttribute('href', '/EventLandingPage?eventTypeId=1');
  });
});
