import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { render, screen } from '@testing-library/react';
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
  const { orgName, loaded } = useAppConfig();
  return <p>{loaded ? orgName : 'loading'}</p>;
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
    expect(await screen.findByText('Suffolk County Auxiliary Police')).toBeInTheDocument();
    expect(document.title).toBe('Suffolk County Auxiliary Police');
    expect(asked()).toBe(1);
  });

  it('not asked early, the app asks for it itself', async () => {
    const asked = configAnswers('Nassau County Auxiliary Police');
    render(
      <AppConfigProvider>
        <OrgName />
      </AppConfigProvider>,
    );
    expect(await screen.findByText('Nassau County Auxiliary Police')).toBeInTheDocument();
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
    expect(await screen.findByText(rc.app.defaultTitle)).toBeInTheDocument();
  });
});
