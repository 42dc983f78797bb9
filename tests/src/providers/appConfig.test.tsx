import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrate } from '@tanstack/react-query';
import { queryClient } from '../../../src/providers/queryClient';
import { startMswServer } from '../msw';
import { AppConfigProvider, startConfigLoad, useAppConfig } from '../../../src/providers/appConfig';
import { rc } from '../../../src/domain/messages';

const server = startMswServer();

/** Answers GET /api/config with the organisation `orgName`; returns how many times it was asked. */
function configAnswers(orgName: string): () => number {
  let asked = 0;
  server.use(
    http.get('*/api/config', () => {
      asked += 1;
      return HttpResponse.json({ orgName, orgTimezone: 'America/New_York', superUserId: 1, today: '03/15/2026' });
    }),
  );
  return () => asked;
}

function OrgName() {
  const { orgName, loaded, today } = useAppConfig();
  return <p>{loaded ? `${orgName} ${today || '(today from the clock)'}` : 'loading'}</p>;
}

describe('the organisation config (GET /api/config)', () => {
  it('asked as the page loads, its answer is the one the app shows: one request, the page title set', async () => {
    const asked = configAnswers('Suffolk County Auxiliary Police');
    startConfigLoad();
    await new Promise((r) => setTimeout(r, 50));
    expect(asked()).toBe(1);
    render(
      <AppConfigProvider>
        <OrgName />
      </AppConfigProvider>,
    );
    expect(await screen.findByText('Suffolk County Auxiliary Police 03/15/2026')).toBeInTheDocument();
    // the title follows in an effect after the text has painted (on a busy machine, a task later)
    await waitFor(() => expect(document.title).toBe('Suffolk County Auxiliary Police'));
    expect(asked()).toBe(1);
  });

  it('not asked early, the app asks for it itself', async () => {
    const asked = configAnswers('Nassau County Auxiliary Police');
    render(
      <AppConfigProvider>
        <OrgName />
      </AppConfigProvider>,
    );
    expect(await screen.findByText('Nassau County Auxiliary Police 03/15/2026')).toBeInTheDocument();
    expect(asked()).toBe(1);
  });

  it('a failed answer leaves the default title and shows the pages', async () => {
    server.use(http.get('*/api/config', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    startConfigLoad();
    render(
      <AppConfigProvider>
        <OrgName />
      </AppConfigProvider>,
    );
    expect(await screen.findByText(`${rc.app.defaultTitle} (today from the clock)`)).toBeInTheDocument();
  });

  it('offline, the config kept on the device replaces the defaults once restored, its day of reading left out', async () => {
    server.use(http.get('*/api/config', () => HttpResponse.error()));
    render(
      <AppConfigProvider>
        <OrgName />
      </AppConfigProvider>,
    );
    expect(await screen.findByText(`${rc.app.defaultTitle} (today from the clock)`)).toBeInTheDocument();
    // what src/offline/persistedCache.ts does when the signed-in app opens
    const kept = { orgName: 'Suffolk County Auxiliary Police', orgTimezone: 'America/New_York', superUserId: 1, today: '03/14/2026', loaded: true };
    act(() =>
      hydrate(queryClient, {
        mutations: [],
        queries: [{ queryKey: ['rollcall-config'], queryHash: '["rollcall-config"]', dehydratedAt: Date.now(), state: { data: kept, dataUpdatedAt: Date.now() - 3600_000, status: 'success' } as never }],
      }),
    );
    expect(await screen.findByText('Suffolk County Auxiliary Police (today from the clock)')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Suffolk County Auxiliary Police'));
  });
});
