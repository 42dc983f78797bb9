import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { prefetchTicketForm } from '../../../src/offline/prefetchTicketForm';
import type { RollCallDataProvider } from '../../../src/providers/dataProvider';
import { ticketFormPagesModule } from '../../../src/resources/tickets/pagesModule';
import { outboxEntriesModule } from '../../../src/resources/tickets/outboxEntriesModule';

/** A data provider that records the paths asked and answers every one with no rows. */
function recordingProvider(): { dataProvider: RollCallDataProvider; asked: string[] } {
  const asked: string[] = [];
  const api = vi.fn(async (_method: string, path: string) => {
    asked.push(path);
    return [];
  });
  return { dataProvider: { api } as unknown as RollCallDataProvider, asked };
}

const officer = { officerId: 101, accessLevel: 1 };

describe('prefetchTicketForm', () => {
  it("asks the form's lookups and the events of each assignment type with events, one request a task", async () => {
    const { dataProvider, asked } = recordingProvider();
    await prefetchTicketForm(new QueryClient(), dataProvider, officer, '11/28/2026');
    await vi.waitFor(() => expect(asked).toHaveLength(6));
    expect(asked.filter((p) => p === '/events/getMultiple')).toHaveLength(4);
  });

  it('sends no more once it is no longer wanted (the officer logged out meanwhile)', async () => {
    const { dataProvider, asked } = recordingProvider();
    let wanted = true;
    const sending = prefetchTicketForm(new QueryClient(), dataProvider, officer, '11/28/2026', () => wanted);
    // the first request went out in this task; he leaves before the next task
    wanted = false;
    await sending;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toHaveLength(1);
  });

  it("without a service worker, loads the form pages' code and the waiting tickets' list, for use without signal", async () => {
    expect('serviceWorker' in navigator).toBe(false);
    const { dataProvider } = recordingProvider();
    await prefetchTicketForm(new QueryClient(), dataProvider, officer, '11/28/2026');
    // their first import in a test run transforms the modules: it can take a few seconds
    await vi.waitFor(() => expect(ticketFormPagesModule.loaded() && outboxEntriesModule.loaded()).toBeTruthy(), { timeout: 20_000 });
    expect(typeof outboxEntriesModule.loaded()?.OutboxEntryList).toBe('function');
  }, 30_000);
});
