import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeRequest, startMswServer, type SeenRequest } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { LosapYearEndPage } from '../../../../src/resources/losap/LosapYearEndPage';
import { MyLosapYearPage } from '../../../../src/resources/losap/MyLosapYearPage';
import { TicketList } from '../../../../src/resources/tickets/TicketList';
import type { LosapAttestation, LosapReviewRow, LosapYearEnd } from '../../../../src/domain/schemas/losapYearEnd';
import { officerHandlers } from '../officers/officerMocks';
import { attestation, ticket, ticketHandlers, totals } from '../tickets/ticketMocks';

const server = startMswServer();
const officer = sessionUser();
const administrator = sessionUser({ officerId: 9, accessType: { accessTypeId: 9, description: 'Administrator' } });
const auditor = sessionUser({ officerId: 10, accessType: { accessTypeId: 10, description: 'Auditor' } });

const progress = {
  year: 2025, officerId: 7, rule: 'hours', unit: 'hours', total: 120, threshold: 100, qualifies: true, pace: 100, behindPace: false, atRiskHours: 0,
  byCategory: [{ name: 'Patrol', value: 120, cap: null, capped: false }],
};

function yearEnd(o: Partial<LosapYearEnd> = {}): LosapYearEnd {
  return {
    year: 2025, state: 'review', reviewOpenedAt: '2026-01-05T15:00:00.000Z', certifiedAt: null, certifiedBy: null, reopenedAt: null, reopenReason: null,
    counts: { officers: 3, attested: 1, notAttested: 1, disputed: 1 }, ...o,
  };
}

function row(officerId: number, lastName: string, o: Partial<LosapReviewRow> = {}): LosapReviewRow {
  return {
    id: officerId, officerId, lastName, firstName: 'Pat', precinctId: 1, precinct: '1st Precinct', rankId: 2, rank: 'Sergeant',
    total: 120, threshold: 100, pace: 100, atRisk: false, qualifies: true, atRiskHours: 0,
    byCategory: [{ name: 'Patrol', value: 120, cap: null, capped: false }],
    status: 'none', attestedAt: null, comment: null, resolution: null, ...o,
  };
}

/** The officer's side: his attestation and progress of 2025; returns the POSTs seen. */
function officerSide(a: Partial<LosapAttestation>) {
  const posts: SeenRequest[] = [];
  officerHandlers(server, officer);
  server.use(
    http.get('*/api/losap/attestation', () => HttpResponse.json(attestation({ yearState: 'review', ...a }))),
    http.get('*/api/losap/progress', () => HttpResponse.json(progress)),
    http.post('*/api/losap/:step', async ({ request }) => {
      posts.push(await describeRequest(request));
      return HttpResponse.json(attestation({ yearState: 'review', status: request.url.endsWith('attest') ? 'attested' : 'disputed' }));
    }),
  );
  signIn(officer);
  return posts;
}

/** The year-end side: the year's state and its review rows; returns the POSTs seen and the review queries. */
function yearEndSide(user: typeof officer, state: LosapYearEnd, rows: LosapReviewRow[] = [row(11, 'Adams'), row(12, 'Baker', { status: 'disputed', comment: 'Two details missing in May' })]) {
  const posts: SeenRequest[] = [];
  const asked: URLSearchParams[] = [];
  officerHandlers(server, user);
  server.use(
    http.get('*/api/losap/yearEnd', () => HttpResponse.json(state)),
    http.get('*/api/losap/review', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
    }),
    http.post('*/api/losap/*', async ({ request }) => {
      posts.push(await describeRequest(request));
      return HttpResponse.json(request.url.endsWith('/resolve') ? attestation({ officerId: 12, yearState: 'review', status: 'resolved' }) : state);
    }),
  );
  signIn(user);
  return { posts, asked };
}

describe('My LOSAP year (/MyLosapYear)', () => {
  it('the officer reads his figures and certifies his record after the confirmation', async () => {
    const posts = officerSide({});
    renderInAdmin(<MyLosapYearPage />, '/MyLosapYear');
    expect(await screen.findByRole('heading', { level: 1, name: 'My LOSAP year 2025' })).toBeInTheDocument();
    expect(screen.getByText('The review of your LOSAP year 2025 is open: check your record and attest it.')).toBeInTheDocument();
    expect(await screen.findByText('120 of 100 hours in 2025')).toBeInTheDocument();
    expect(screen.getByText('Not attested')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I certify this record is true' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('I certify that this record of my LOSAP year 2025 is true.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: /confirm/i }));
    expect(await screen.findByText('Your record of 2025 is attested.')).toBeInTheDocument();
    expect(posts).toMatchObject([{ method: 'POST', path: '/api/losap/attest', body: { year: 2025 } }]);
  });

  it('a dispute needs a comment, refused in the form by the route’s own schema before anything is sent', async () => {
    const posts = officerSide({ status: 'changed', attestedAt: '2026-01-10T15:00:00.000Z' });
    renderInAdmin(<MyLosapYearPage />, '/MyLosapYear?year=2025');
    expect(await screen.findByText('Figures changed since attested: to attest again')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Dispute the record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute the record' });
    const field = within(dialog).getByLabelText(/What is wrong with the record/);
    await userEvent.type(field, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dispute the record' }));
    expect(await within(dialog).findByText('Say what is wrong with the record.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await userEvent.type(field, 'The 03/02 detail is missing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dispute the record' }));
    expect(await screen.findByText('Your dispute is sent to the administrators.')).toBeInTheDocument();
    expect(posts).toMatchObject([{ path: '/api/losap/dispute', body: { year: 2025, comment: 'The 03/02 detail is missing' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a resolved dispute shows its resolution; a certified year is read-only', async () => {
    officerSide({ status: 'resolved', comment: 'Missing detail', resolution: 'Ticket added on 02/01', resolvedBy: 'Chief, Carl', resolvedAt: '2026-02-01T15:00:00.000Z' });
    const { unmount } = renderInAdmin(<MyLosapYearPage />, '/MyLosapYear');
    expect(await screen.findByText('Ticket added on 02/01')).toBeInTheDocument();
    expect(screen.getByText('Chief, Carl')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I certify this record is true' })).toBeInTheDocument();
    unmount();

    officerSide({ yearState: 'certified', status: 'attested', attestedAt: '2026-01-10T15:00:00.000Z', certifiedAt: '2026-03-01T15:00:00.000Z' });
    renderInAdmin(<MyLosapYearPage />, '/MyLosapYear');
    expect(await screen.findByText('The LOSAP year 2025 was certified on 03/01/2026; this record can no longer be changed.')).toBeInTheDocument();
    expect(screen.getByText('Attested 01/10/2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I certify this record is true' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dispute the record' })).not.toBeInTheDocument();
  });

  /** The officer's own list of this year, with last year's attestation as given; returns how many times it was asked. */
  function ownList(a: Partial<LosapAttestation>) {
    ticketHandlers(server, officer, [ticket()], totals({ hoursWorked: 4, totalHours: 4, ticketCount: 1 }));
    const asked = { count: 0 };
    server.use(
      http.get('*/api/losap/attestation', () => {
        asked.count += 1;
        return HttpResponse.json(attestation({ yearState: 'review', ...a }));
      }),
      http.get('*/api/losap/progress', () => HttpResponse.json({ ...progress, year: 2026 })),
      http.get('*/api/timeTickets/getHoursByMonth', () => HttpResponse.json([])),
    );
    signIn(officer);
    renderInAdmin(<TicketList />, '/TimeTicketBrowse?officerId=7&sinceDate=01/01/2026&untilDate=03/15/2026');
    return asked;
  }

  it('the ticket list shows the notice leading to his year while his record waits for him', async () => {
    ownList({ status: 'resolved' });
    const link = await screen.findByRole('link', { name: 'Check my record' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/MyLosapYear?year=2025');
    expect(screen.getByText('The review of your LOSAP year 2025 is open: check your record and attest it.')).toBeInTheDocument();
  });

  it('the ticket list shows no notice once he has attested', async () => {
    const asked = ownList({ status: 'attested' });
    expect(await screen.findByRole('heading', { name: 'Time Tickets' })).toBeInTheDocument();
    await waitFor(() => expect(asked.count).toBe(1), { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: 'Check my record' })).not.toBeInTheDocument();
  });
});

describe('LOSAP Year End (/LosapYearEnd)', () => {
  it('an open year offers only to open its review, which it sends', async () => {
    const { posts } = yearEndSide(administrator, yearEnd({ state: 'open', reviewOpenedAt: null, counts: { officers: 3, attested: 0, notAttested: 3, disputed: 0 } }), []);
    renderInAdmin(<LosapYearEndPage />, '/LosapYearEnd');
    expect(await screen.findByText('Open: the review has not started')).toBeInTheDocument();
    expect(screen.getByText('3 officers: 0 attested, 3 not attested, 0 disputed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Certify/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Sponsor's file" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open the review of 2025' }));
    expect(await screen.findByText('The review of the LOSAP year 2025 is open.')).toBeInTheDocument();
    expect(posts).toMatchObject([{ path: '/api/losap/yearEnd/open', body: { year: 2025 } }]);
  });

  it('certify waits while a dispute is open; the review lists figures, statuses and filters', async () => {
    const { asked } = yearEndSide(administrator, yearEnd());
    renderInAdmin(<LosapYearEndPage />, '/LosapYearEnd?status=disputed', { route: '/LosapYearEnd' });
    expect(await screen.findByText('Under review: officers attest their records')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Certify the year 2025' })).toBeDisabled();
    expect(screen.getByText('The year cannot be certified while a dispute is open (1 open).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen the year' })).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'LOSAP Year End' });
    const baker = (await within(table).findByText('Baker, Pat')).closest('tr')!;
    expect(within(baker).getByText('Disputed')).toBeInTheDocument();
    expect(within(baker).getByText('Two details missing in May')).toBeInTheDocument();
    expect(within(baker).getByText('Patrol 120.00')).toBeInTheDocument();
    expect(Object.fromEntries(asked[0])).toMatchObject({ year: '2025', status: 'disputed', _sort: 'name', _order: 'ASC', _start: '0', _end: '100' });
    await userEvent.click(within(table).getByRole('button', { name: /Sort by Total/i }));
    await waitFor(() => expect(asked.at(-1)?.get('_sort')).toBe('total'));
  });

  it('certify confirms how many have not attested, then sends', async () => {
    const { posts } = yearEndSide(administrator, yearEnd({ counts: { officers: 3, attested: 1, notAttested: 2, disputed: 0 } }), [row(11, 'Adams')]);
    renderInAdmin(<LosapYearEndPage />, '/LosapYearEnd');
    await userEvent.click(await screen.findByRole('button', { name: 'Certify the year 2025' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Certify the LOSAP year 2025? Its tickets, events and past rosters will be locked. 2 officers have not attested.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /confirm/i }));
    expect(await screen.findByText('The LOSAP year 2025 is certified.')).toBeInTheDocument();
    expect(posts).toMatchObject([{ path: '/api/losap/yearEnd/certify', body: { year: 2025 } }]);
  });

  it('a refusal shows the server’s message', async () => {
    yearEndSide(administrator, yearEnd({ counts: { officers: 3, attested: 3, notAttested: 0, disputed: 0 } }), [row(11, 'Adams')]);
    server.use(
      http.post('*/api/losap/yearEnd/certify', () =>
        HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'The year cannot be certified while a dispute is open (1 open).' }, { status: 409 }),
      ),
    );
    renderInAdmin(<LosapYearEndPage />, '/LosapYearEnd');
    await userEvent.click(await screen.findByRole('button', { name: 'Certify the year 2025' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /confirm/i }));
    expect(await screen.findByText('The year cannot be certified while a dispute is open (1 open).')).toBeInTheDocument();
  });

  it('a certified year: the sponsor’s file for level 9, reopen with a required reason for level 10 only', async () => {
    const certified = yearEnd({ state: 'certified', certifiedAt: '2026-03-01T15:00:00.000Z', certifiedBy: 'Chief, Carl', counts: { officers: 2, attested: 2, notAttested: 0, disputed: 0 } });
    yearEndSide(administrator, certified, [row(11, 'Adams', { status: 'attested', attestedAt: '2026-01-10T15:00:00.000Z' })]);
    const { unmount } = renderInAdmin(<LosapYearEndPage />, '/LosapYearEnd');
    expect(await screen.findByText('Certified on 03/01/2026 by Chief, Carl')).toBeInTheDocument();
    expect(await screen.findByText('Attested 01/10/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Sponsor's file" })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Reopen the year' })).not.toBeInTheDocument();
    unmount();

    const { posts } = yearEndSide(auditor, certified, [row(11, 'Adams', { status: 'attested' })]);
    renderInAdmin(<LosapYearEndPage />, '/LosapYearEnd');
    await userEvent.click(await screen.findByRole('button', { name: 'Reopen the year' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen the year' });
    expect(within(dialog).getByText('Reopen the certified LOSAP year 2025? Officers whose figures change must attest again.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen the year' }));
    expect(await within(dialog).findByText('Give a reason for reopening the year.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Reason for reopening/), 'A detail of 12/30 was left out');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen the year' }));
    expect(await screen.findByText('The LOSAP year 2025 is reopened.')).toBeInTheDocument();
    expect(posts).toMatchObject([{ path: '/api/losap/yearEnd/reopen', body: { year: 2025, reason: 'A detail of 12/30 was left out' } }]);
  });

  it('resolving a dispute needs a resolution comment; on a phone the review is cards', async () => {
    setScreenWidth(375);
    const { posts } = yearEndSide(administrator, yearEnd());
    renderInAdmin(<LosapYearEndPage />, '/LosapYearEnd');
    expect(await screen.findByText('Baker, Pat (12)')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resolve the dispute: Baker, Pat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the dispute: Baker, Pat' });
    expect(within(dialog).getByText('Two details missing in May')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve the dispute' }));
    expect(await within(dialog).findByText('Say how the dispute was resolved.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/How the dispute was resolved/), 'Both details added');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve the dispute' }));
    expect(await screen.findByText('The dispute is resolved; the officer is asked to attest again.')).toBeInTheDocument();
    expect(posts).toMatchObject([{ path: '/api/losap/resolve', body: { year: 2025, officerId: 12, comment: 'Both details added' } }]);
  });

  it('is not permitted below level 9', async () => {
    officerHandlers(server, officer);
    signIn(officer);
    renderInAdmin(<LosapYearEndPage />, '/LosapYearEnd');
    expect(await screen.findByText('Unauthorized!')).toBeInTheDocument();
  });
});
