import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser } from '../../fixtures';
import { currentPath, renderApp, signIn } from '../../renderApp';
import { eventHandlers } from './eventMocks';
import { validateEventSearch } from '../../../../src/resources/events/EventSearch';

const server = startMswServer();

describe('event search rules (spec §5 event search)', () => {
  it.each([
    [{}, 'Must enter at least one search criteria!'],
    [{ untilStartDate: '03/01/2026' }, 'Cannot enter until date without since date!'],
    [{ eventTypeId: 1 }, 'Must enter since date!'],
    [{ sinceStartDate: '03/02/2026', untilStartDate: '03/01/2026' }, 'Since date must be <= until date!'],
  ])('%o -> %s', (values, message) => {
    expect(Object.values(validateEventSearch(values))).toEqual([message]);
  });

  it('accepts a since date alone', () => {
    expect(validateEventSearch({ sinceStartDate: '03/01/2026' })).toEqual({});
  });
});

describe('/EventSearch (spec §2)', () => {
  it('shows the message on an empty search and goes to /EventBrowse with the query', async () => {
    const user = sessionUser();
    eventHandlers(server, user, []);
    signIn(user);
    renderApp('/EventSearch');
    const since = await screen.findByLabelText('Since Date');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Must enter at least one search criteria!')).toBeInTheDocument();
    await userEvent.type(since, '03/01/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentPath()).toBe('/EventBrowse?sinceStartDate=03/01/2026'));
  });
});
