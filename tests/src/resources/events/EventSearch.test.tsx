import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { eventHandlers } from './eventMocks';
import { EventSearch, validateEventSearch } from '../../../../src/resources/events/EventSearch';

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

function renderSearch() {
  return renderInAdmin(<EventSearch />, '/EventSearch', { others: ['/EventBrowse'] });
}

describe('/EventSearch (spec §2)', () => {
  it('shows the message on an empty search and goes to /EventBrowse with the query', async () => {
    const user = sessionUser();
    eventHandlers(server, user, []);
    signIn(user);
    renderSearch();
    expect(await screen.findByRole('heading', { level: 1, name: 'Event Search' })).toBeInTheDocument();
    const since = screen.getByLabelText('Since Date');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Must enter at least one search criteria!')).toBeInTheDocument();
    await userEvent.type(since, '03/01/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(inAdminPath()).toBe('/EventBrowse?sinceStartDate=03/01/2026'));
  });

  it.each([
    ['Prior Month', '02/01/2026', '02/28/2026'],
    ['MTD', '03/01/2026', '03/15/2026'],
    ['YTD', '01/01/2026', '03/15/2026'],
  ])('%s fills the since and until dates from the server\'s today (defect 8)', async (button, since, until) => {
    const user = sessionUser();
    eventHandlers(server, user, []);
    setScreenWidth(375);
    signIn(user);
    renderSearch();
    await userEvent.click(await screen.findByRole('button', { name: button }));
    expect(screen.getByLabelText('Since Date')).toHaveValue(since);
    expect(screen.getByLabelText('Until Date')).toHaveValue(until);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(inAdminPath()).toBe(`/EventBrowse?sinceStartDate=${since}&untilStartDate=${until}`));
  });

  it('is not offered to level 3, whose menu has only the Detail List (spec §6)', async () => {
    const user = sessionUser({ accessType: { accessTypeId: 3, description: 'Restricted' } });
    eventHandlers(server, user, []);
    signIn(user);
    renderSearch();
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized!' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Since Date')).not.toBeInTheDocument();
  });
});
