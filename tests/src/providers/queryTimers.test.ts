import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver, timeoutManager } from '@tanstack/react-query';
import { SHARED_STEP_MS, shareCacheTimers } from '../../../src/providers/queryTimers';

/** The browser timers set while `work` runs, by delay (ms). */
function browserTimers(work: () => void): number[] {
  const spy = vi.spyOn(globalThis, 'setTimeout');
  try {
    work();
    return spy.mock.calls.map((call) => Number(call[1] ?? 0));
  } finally {
    spy.mockRestore();
  }
}

const GC_MS = 5 * 60_000;

describe('the query cache shares its timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    shareCacheTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a list of 20 records kept as queries sets one timer, and each is still forgotten after its gcTime', () => {
    const client = new QueryClient({ defaultOptions: { queries: { gcTime: GC_MS } } });
    const set = browserTimers(() => {
      for (let id = 1; id <= 20; id++) client.setQueryData(['timeTickets', 'getOne', { id: String(id) }], { id });
    });
    expect(set).toHaveLength(1);
    expect(client.getQueryCache().getAll()).toHaveLength(20);

    // never early
    vi.advanceTimersByTime(GC_MS - 1);
    expect(client.getQueryCache().getAll()).toHaveLength(20);
    // at most one step late
    vi.advanceTimersByTime(SHARED_STEP_MS + 1);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('a record shown again is not forgotten while the others are', () => {
    const client = new QueryClient({ defaultOptions: { queries: { gcTime: GC_MS } } });
    client.setQueryData(['timeTickets', 'getOne', { id: '1' }], { id: 1 });
    client.setQueryData(['timeTickets', 'getOne', { id: '2' }], { id: 2 });
    // a page showing ticket 2 clears its collection timer
    const observer = new QueryObserver(client, { queryKey: ['timeTickets', 'getOne', { id: '2' }], enabled: false });
    const stop = observer.subscribe(() => undefined);
    vi.advanceTimersByTime(GC_MS + SHARED_STEP_MS);
    expect(client.getQueryCache().getAll().map((q) => q.queryKey[2])).toEqual([{ id: '2' }]);
    // and once it is left, it goes one gcTime later
    stop();
    vi.advanceTimersByTime(GC_MS + SHARED_STEP_MS);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('an answer goes stale on time: the page showing it is told within a step', () => {
    const client = new QueryClient();
    client.setQueryData(['rollcall-ticket-totals', {}], { hoursWorked: 4 });
    const observer = new QueryObserver(client, { queryKey: ['rollcall-ticket-totals', {}], queryFn: () => ({ hoursWorked: 4 }), staleTime: 5 * 60_000, notifyOnChangeProps: ['isStale'] });
    const seen: boolean[] = [];
    const stop = observer.subscribe((result) => seen.push(result.isStale));
    vi.advanceTimersByTime(5 * 60_000 - 1_000);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1_000 + SHARED_STEP_MS + 1);
    expect(seen).toEqual([true]);
    stop();
  });

  it('retries (up to 30 s) and a 30-second freshness stay the browser’s own and keep their exact delay', () => {
    const ran = vi.fn();
    const set = browserTimers(() => {
      timeoutManager.setTimeout(ran, 300);
      timeoutManager.setTimeout(ran, 4_000);
      timeoutManager.setTimeout(ran, 30_000);
    });
    expect(set).toEqual([300, 4_000, 30_000]);
    vi.advanceTimersByTime(299);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ran).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(3_700);
    expect(ran).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(26_000);
    expect(ran).toHaveBeenCalledTimes(3);
  });

  it('a cleared timer never runs, one that throws does not stop the others, and the error is still reported', () => {
    const order: string[] = [];
    timeoutManager.setTimeout(() => order.push('first'), 90_000);
    const cleared = timeoutManager.setTimeout(() => order.push('cleared'), 90_000);
    timeoutManager.setTimeout(() => {
      throw new Error('listener failed');
    }, 90_000);
    timeoutManager.setTimeout(() => order.push('last'), 90_000);
    timeoutManager.clearTimeout(cleared);
    expect(() => vi.advanceTimersByTime(90_000 + SHARED_STEP_MS)).toThrow('listener failed');
    expect(order).toEqual(['first', 'last']);
  });
});
