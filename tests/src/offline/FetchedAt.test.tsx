import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { FetchedAt } from '../../../src/offline/FetchedAt';
import { OfflineBanner } from '../../../src/offline/OfflineBanner';
import { AppConfigProvider } from '../../../src/providers/appConfig';

const CONFIG = { orgName: 'Demo County', orgTimezone: 'America/New_York', superUserId: 1, today: '11/28/2026', loaded: true };

/** The browser going offline (false) or online (true), as its events tell the page. */
function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => vi.restoreAllMocks());

describe('offline indicators', () => {
  it('FetchedAt tells, only while offline, when the list shown was fetched, in the organisation time zone', () => {
    // 14:30 UTC is 09:30 in New York (EST)
    render(
      <AppConfigProvider initial={CONFIG}>
        <FetchedAt dataUpdatedAt={Date.UTC(2026, 10, 28, 14, 30)} />
        <OfflineBanner />
      </AppConfigProvider>,
    );
    expect(screen.queryByText(/Offline: as fetched/)).not.toBeInTheDocument();
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();

    setOnline(false);
    expect(screen.getByText('Offline: as fetched 11/28/2026 09:30')).toBeVisible();
    expect(screen.getByText(/You are offline\. Tickets you save stay on this device/)).toBeVisible();

    setOnline(true);
    expect(screen.queryByText(/Offline: as fetched/)).not.toBeInTheDocument();
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  });
});
