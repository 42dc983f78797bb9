import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer, describeRequest, type SeenRequest } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin } from '../../renderInAdmin';
import { MySettings } from '../../../../src/resources/calendar/MySettings';
import type { FeedInfo, MySettings as MySettingsJson } from '../../../../src/domain/schemas/mySettings';

const server = startMswServer();

const officer = sessionUser({ officerId: 7 });
const supervisor = sessionUser({ officerId: 9, accessType: { accessTypeId: 5, description: 'Supervisor' } });

const URL_ONCE = 'https://rollcall.example.org/api/calendarFeed/abc123secret';

/**
 * The My Settings calls over a small in-memory state: GET, PUT reminders (merging), POST feeds
 * (the URL answered once), DELETE feeds (404 when none). Returns the requests seen.
 */
function settingsHandlers(user = officer, initial: Partial<MySettingsJson> = {}) {
  let state: MySettingsJson = {
    feeds: [],
    reminders: { eventTomorrow: true, unread159s: true, missingHours: true, understaffed: true, losapPace: true },
    hasEmail: true,
    ...initial,
  };
  const seen: SeenRequest[] = [];
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ user })),
    http.get('*/api/getPrecinctTable', () => HttpResponse.json([{ id: 5, description: '5th Precinct' }])),
    http.get('*/api/getLookupTable', () => HttpResponse.json([{ id: 1, description: 'Details' }])),
    http.get('*/api/mySettings', () => HttpResponse.json(state)),
    // the page's two-step sign-in section (its own tests: TwoStepSettings.test.tsx)
    http.get('*/api/twoFactor', () => HttpResponse.json({ required: false, totp: false, totpSince: null, recoveryCodesLeft: 0, passkeys: [], stage: null })),
    http.put('*/api/mySettings/reminders', async ({ request }) => {
      const req = await describeRequest(request);
      seen.push(req);
      state = { ...state, reminders: { ...state.reminders, ...(req.body as object) } };
      return HttpResponse.json(state);
    }),
    http.post('*/api/mySettings/feeds', async ({ request }) => {
      const req = await describeRequest(request);
      seen.push(req);
      const body = req.body as { scope: FeedInfo['scope']; precinctId?: number | null; eventTypeId?: number | null };
      const feed: FeedInfo = { scope: body.scope, precinctId: body.precinctId ?? null, eventTypeId: body.eventTypeId ?? null, createdAt: '03/15/2026 09:00', lastFetchedAt: null };
      state = { ...state, feeds: [...state.feeds.filter((f) => f.scope !== body.scope), feed] };
      return HttpResponse.json({ ...feed, url: URL_ONCE }, { status: 201 });
    }),
    http.delete('*/api/mySettings/feeds/:scope', async ({ request, params }) => {
      seen.push(await describeRequest(request));
      if (!state.feeds.some((f) => f.scope === params.scope)) return HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Not found.' }, { status: 404 });
      state = { ...state, feeds: state.feeds.filter((f) => f.scope !== params.scope) };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return seen;
}

describe('/MySettings: his calendar feed and reminders', () => {
  it('makes a feed, shows its address once with Copy and a QR code, then stops it', async () => {
    const seen = settingsHandlers();
    signIn(officer);
    renderInAdmin(<MySettings />, '/MySettings');
    expect(await screen.findByRole('heading', { name: 'My Settings', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/shown only once/)).toBeInTheDocument();
    expect(screen.getByText(/Making a new one replaces the old one/)).toBeInTheDocument();
    expect(screen.getByText('No feed address yet.')).toBeInTheDocument();
    // a supervisor's details feed is not offered below level 5
    expect(screen.queryByRole('heading', { name: 'Details (supervisors)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop this feed' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Make feed address' }));
    const address = await screen.findByRole('textbox', { name: 'Feed address' });
    expect(address).toHaveValue(URL_ONCE);
    expect(address).toHaveAttribute('readonly');
    expect(seen.find((r) => r.method === 'POST')!.body).toEqual({ scope: 'signups' });
    expect(await screen.findByRole('img', { name: 'QR code of the feed address' })).toBeInTheDocument();
    expect(await screen.findByText(/Made 03\/15\/2026 09:00\. Not read by a calendar yet\./)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(URL_ONCE);

    await user.click(screen.getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect(seen.filter((r) => r.method === 'POST')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Stop this feed' }));
    expect(await screen.findByText('The feed address was stopped; it no longer works.')).toBeInTheDocument();
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/mySettings/feeds/signups' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Feed address' })).not.toBeInTheDocument());
    expect(await screen.findByText('No feed address yet.')).toBeInTheDocument();
  });

  it('turns a reminder off with its labelled switch, and says reminders come as notices only without an e-mail address', async () => {
    const seen = settingsHandlers(officer, { hasEmail: false });
    signIn(officer);
    renderInAdmin(<MySettings />, '/MySettings');
    const tomorrow = await screen.findByRole('switch', { name: 'Events you signed up for, the day before' });
    expect(screen.getByText(/reminders come only as notices under the bell/)).toBeInTheDocument();
    expect(tomorrow).toBeChecked();
    // understaffed details reach supervisors only
    expect(screen.queryByRole('switch', { name: /Details near you/ })).not.toBeInTheDocument();
    await userEvent.click(tomorrow);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Events you signed up for, the day before' })).not.toBeChecked());
    expect(seen.find((r) => r.method === 'PUT')!.body).toEqual({ eventTomorrow: false });
    expect(await screen.findByText('Reminder choices saved.')).toBeInTheDocument();
  });

  it('level 5 also makes a details feed for one precinct', async () => {
    const seen = settingsHandlers(supervisor);
    signIn(supervisor);
    renderInAdmin(<MySettings />, '/MySettings');
    const details = (await screen.findByRole('heading', { name: 'Details (supervisors)' })).closest('section')!;
    expect(screen.getByRole('switch', { name: /Details near you/ })).toBeInTheDocument();
    await userEvent.click(within(details).getByRole('combobox', { name: 'Precinct' }));
    await userEvent.click(await screen.findByRole('option', { name: '5th Precinct' }));
    await userEvent.click(within(details).getByRole('button', { name: 'Make feed address' }));
    expect(await within(details).findByRole('textbox', { name: 'Feed address' })).toHaveValue(URL_ONCE);
    expect(seen.find((r) => r.method === 'POST')!.body).toEqual({ scope: 'details', precinctId: 5 });
    // the feed carries details only: no event type to choose
    expect(within(details).queryByRole('combobox', { name: 'Event Type' })).toBeNull();
  });
});
