import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { act, screen } from '@testing-library/react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { startMswServer } from '../msw';
import { sessionUser, signIn } from '../fixtures';
import { renderInAdmin } from '../renderInAdmin';
import { useLookup } from '../../../src/common/lookups';

const server = startMswServer();
const PRECINCTS = [{ id: 3, description: '3rd Precinct' }];

let client: QueryClient | null = null;
let draws = 0;

/** A heading line that names a precinct only when its page shows one (as the ticket list's criteria). */
function PrecinctLine({ shows }: { shows: boolean }) {
  client = useQueryClient();
  draws++;
  const precincts = useLookup('precincts', shows);
  return <p>{precincts.map((p) => p.name).join(', ') || 'no precinct'}</p>;
}

/** Fills the precinct lookup as another page's request (the ticket form's, for offline entry) does. */
function fillFromElsewhere() {
  act(() => client!.setQueryData(['rollcall-lookup', 'precincts'], [{ id: 4, name: '4th Precinct' }]));
}

describe('useLookup', () => {
  it('a page that shows no name from a lookup is not drawn again when the lookup arrives for another page', async () => {
    signIn(sessionUser());
    renderInAdmin(<PrecinctLine shows={false} />);
    expect(await screen.findByText('no precinct')).toBeInTheDocument();
    const before = draws;
    fillFromElsewhere();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(draws).toBe(before);
  });

  it('a page that shows the lookup asks for it, and shows a newer answer when one arrives', async () => {
    server.use(http.get('*/api/getPrecinctTable', () => HttpResponse.json(PRECINCTS)));
    signIn(sessionUser());
    renderInAdmin(<PrecinctLine shows />);
    expect(await screen.findByText('3rd Precinct')).toBeInTheDocument();
    fillFromElsewhere();
    expect(await screen.findByText('4th Precinct')).toBeInTheDocument();
  });
});
