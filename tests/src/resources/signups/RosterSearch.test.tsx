import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeRequest, startMswServer, type SeenRequest } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin } from '../../renderInAdmin';
import { eventHandlers, eventRow, signupRow } from '../events/eventMocks';
import { SignupList } from '../../../../src/resources/signups/SignupList';
import { filterOfficers } from '../../../../src/domain/officerLabel';

const server = startMswServer();
const ROSTER = [signupRow(7, 'Doe', 'Jane'), signupRow(12, 'Zimmer', 'Zed')];

/** The roster of event 5, searched the way the server does it (by name and id); returns the requests seen. */
function rosterHandlers(user = sessionUser({ officerId: 30 })) {
  const seen: SeenRequest[] = [];
  eventHandlers(server, user, [eventRow()], []);
  server.use(
    http.get('*/api/officer/getMultiple', () => HttpResponse.json([])),
    http.get('*/api/signup/getMultiple', async ({ request }) => {
      const r = await describeRequest(request);
      seen.push(r);
      return HttpResponse.json(ROSTER.filter((row) => filterOfficers([row.officer], r.query.q ?? '').length));
    }),
  );
  return seen;
}

describe('/EventSignupBrowse: roster search', () => {
  it('narrows the roster as the user types and says when nobody matches', async () => {
    const seen = rosterHandlers();
    signIn(sessionUser({ officerId: 30 }));
    renderInAdmin(<SignupList />, '/EventSignupBrowse?eventId=5');
    expect(await screen.findByText('A0012')).toBeInTheDocument();
    const search = screen.getByRole('textbox', { name: 'Search the roster' });
    expect(screen.getByText('Last or first name, or officer ID (A0001).')).toBeInTheDocument();
    await userEvent.type(search, 'zim');
    await waitFor(() => expect(screen.queryByText('A0007')).not.toBeInTheDocument());
    expect(screen.getByText('A0012')).toBeInTheDocument();
    expect(seen.at(-1)?.query).toMatchObject({ eventId: '5', q: 'zim' });
    await userEvent.clear(search);
    await userEvent.type(search, 'A0007');
    expect(await screen.findByText('A0007')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('A0012')).not.toBeInTheDocument());
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    expect(await screen.findByText('No officer on this roster matches the search.')).toBeInTheDocument();
    expect(screen.queryByText('Nobody has signed up yet.')).not.toBeInTheDocument();
  });

  it('tells the roster administrator he may search by login and badge too', async () => {
    const auditor = sessionUser({ officerId: 30, accessType: { accessTypeId: 10, description: 'Auditor' } });
    rosterHandlers(auditor);
    signIn(auditor);
    renderInAdmin(<SignupList />, '/EventSignupBrowse?eventId=5');
    expect(await screen.findByText('Last or first name, officer ID (A0001), login or badge number.')).toBeInTheDocument();
  });
});
