import { describe, expect, it } from 'vitest';
import { hashKey } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { startMswServer } from '../../msw';
import { sessionUser, signIn, testConfig } from '../../fixtures';
import { queryClient } from '../../../../src/providers/queryClient';
import { dataProvider } from '../../../../src/providers/dataProvider';
import { authProvider } from '../../../../src/providers/authProvider';
import { i18nProvider } from '../../../../src/providers/i18nProvider';
import { AppConfigProvider } from '../../../../src/providers/appConfig';
import { theme } from '../../../../src/custom/theme';
import { TicketList } from '../../../../src/resources/tickets/TicketList';
import { prefetchTicketList, ticketListParams, ticketListQueryKey } from '../../../../src/resources/tickets/listPrefetch';
import { parseListQuery } from '../../../../src/resources/tickets/ticketListQuery';
import { ticket, ticketHandlers, totals } from './ticketMocks';

const server = startMswServer();
const LIST = '?officerId=7&sinceDate=01/01/2026&untilDate=03/15/2026';
const SUMMARY = '?sinceDate=01/01/2026&untilDate=03/15/2026&summarizeFlag=Y';
const supervisor = sessionUser({ officerId: 15, accessType: { accessTypeId: 5, description: 'Supervisor' } });

/** /TimeTicketBrowse{search} as the app shows it: react-admin on the app's one query client. */
function renderList(search: string) {
  return render(
    <AppConfigProvider initial={testConfig}>
      <MemoryRouter initialEntries={[`/TimeTicketBrowse${search}`]}>
        <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} store={memoryStore()} theme={theme} queryClient={queryClient}>
          <Routes>
            <Route path="*" element={<TicketList />} />
          </Routes>
        </AdminContext>
      </MemoryRouter>
    </AppConfigProvider>,
  );
}

/** The keys (hashed as react-query compares them) of the time ticket lists in the app's query client. */
const cachedListKeys = () =>
  queryClient
    .getQueryCache()
    .findAll({ queryKey: ['timeTickets', 'getList'] })
    .map((q) => q.queryHash);

describe('the time ticket list asked before its page code arrives', () => {
  it.each([
    ['ticket list', LIST],
    ['summary by officer', SUMMARY],
  ])('%s: the list react-admin asks for is kept under the key the early request uses', async (_name, search) => {
    ticketHandlers(server, supervisor, [ticket()], totals({ ticketCount: 1 }));
    signIn(supervisor);
    renderList(search);
    // the first render of the file loads the page's modules: slow on a busy machine
    expect(await screen.findByRole('table', { name: /Time Tickets|Summary/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(cachedListKeys()).toEqual([hashKey(ticketListQueryKey(ticketListParams(parseListQuery(search))))]);
  });

  it('the page shows the rows asked for early and asks the server for the list once', async () => {
    const seen = ticketHandlers(server, supervisor, [ticket({ description: 'Asked early' })], totals({ ticketCount: 1 }));
    signIn(supervisor);
    prefetchTicketList(queryClient, dataProvider, LIST, supervisor.officerId);
    await waitFor(() => expect(seen).toHaveLength(1));
    renderList(LIST);
    expect(await screen.findByText('Asked early', {}, { timeout: 5000 })).toBeInTheDocument();
    // give a second request its chance to go out before counting
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(1);
  });
});
