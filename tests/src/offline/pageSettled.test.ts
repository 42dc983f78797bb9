import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The offline app's downloads (its worker's precache, the ticket form's code and lookups) wait
 * until the landing page has had its answers and nothing has been asked for a while: a page asks
 * in waves, and a download started in the gap between two would share the phone's line and main
 * thread with the page.
 */
describe('pageSettled', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the page to be quiet for QUIET_MS after its last answer, not for the first gap between its requests', async () => {
    const { queryClient } = await import('../../../src/providers/queryClient');
    const { pageSettled, QUIET_MS } = await import('../../../src/offline/pageSettled');
    const answers: Array<() => void> = [];
    const ask = (key: string) => void queryClient.fetchQuery({ queryKey: [key], queryFn: () => new Promise<number>((resolve) => answers.push(() => resolve(1))) });
    const settled = vi.fn();

    ask('list');
    void pageSettled().then(settled);
    await vi.advanceTimersByTimeAsync(2000);
    expect(settled).not.toHaveBeenCalled();

    // the list arrives; its later parts ask a moment after (the first gap)
    answers.shift()!();
    await vi.advanceTimersByTimeAsync(QUIET_MS / 2);
    ask('attestation');
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(settled).not.toHaveBeenCalled();

    answers.shift()!();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 100);
    expect(settled).not.toHaveBeenCalled();
    // then the browser's idle moment (jsdom has no requestIdleCallback: half a second)
    await vi.advanceTimersByTimeAsync(700);
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('does not wait longer than ten seconds for a page that keeps asking', async () => {
    const { queryClient } = await import('../../../src/providers/queryClient');
    const { pageSettled } = await import('../../../src/offline/pageSettled');
    void queryClient.fetchQuery({ queryKey: ['never'], queryFn: () => new Promise<number>(() => {}) });
    const settled = vi.fn();
    void pageSettled().then(settled);
    await vi.advanceTimersByTimeAsync(9_900);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toHaveBeenCalledTimes(1);
  });
});
