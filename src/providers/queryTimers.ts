import { notifyManager, timeoutManager, type ManagedTimerId, type TimeoutCallback } from '@tanstack/react-query';

/**
 * The timers of the browser's query client (queryClient.ts installs both before it is created).
 *
 * Why: while an officer's landing list loads, react-query sets about 150 timers. Each is cheap in
 * a phone's browser, but each is a task of its own, and in a recorded trace (Lighthouse's phone
 * figures) each carries a JavaScript stack: the timers were the largest part of the longest tasks
 * after the first paint. Both schedulers below keep react-query's behaviour and set fewer timers.
 */

/** Runs each callback in order; one that throws is reported (as an uncaught error) and the rest still run. */
function runEach(callbacks: Iterable<() => void>): void {
  for (const run of callbacks) {
    try {
      run();
    } catch (error) {
      setTimeout(() => {
        throw error;
      }, 0);
    }
  }
}

/**
 * Notifications (an answer to the components showing it, an event to the cache's listeners):
 * react-query gives each a zero-delay timer of its own. Here those scheduled before the timer fires
 * share it: the same order, still after the task that caused them, and React draws what they
 * change together.
 */
export function shareNotifyTimer(): void {
  let waiting: (() => void)[] | null = null;
  notifyManager.setScheduler((notify) => {
    if (waiting) {
      waiting.push(notify);
      return;
    }
    waiting = [notify];
    setTimeout(() => {
      const run = waiting ?? [];
      waiting = null;
      runEach(run);
    }, 0);
  });
}

/**
 * Timers at least this long (ms) share a timer: garbage collection (minutes) and staleness of a
 * minute or more. Retries (react-query waits 1 s, 2 s, 4 s … at most 30 s) and the list's
 * 30-second freshness stay exact.
 */
export const SHARED_FROM_MS = 60_000;
/** A shared timer fires at the next whole step of this many ms after its delay: never early, at most this late. */
export const SHARED_STEP_MS = 1000;

/**
 * Cache timers: each query forgotten after its gcTime and each shown answer going stale after its
 * staleTime has a timer; a list page adds about 40 at once (react-admin also keeps each listed
 * record as a query of its own, forgotten after 5 minutes). Here every timer of SHARED_FROM_MS or
 * more joins the one set for its due step (SHARED_STEP_MS), so a page's worth of them set one
 * timer, and clearing one clears nothing in the browser. Shorter timers are the browser's own.
 * Ids of shared timers are negative, the browser's positive (or, in Node, objects).
 */
export function shareCacheTimers(): void {
  /** The callbacks due at each step (epoch ms), in the order they were set. */
  const steps = new Map<number, Map<number, TimeoutCallback>>();
  /** The step of each shared timer id. */
  const stepOf = new Map<number, number>();
  let lastId = 0;
  const fire = (due: number) => {
    const callbacks = steps.get(due);
    steps.delete(due);
    if (!callbacks) return;
    for (const id of callbacks.keys()) stepOf.delete(id);
    runEach(callbacks.values());
  };
  timeoutManager.setTimeoutProvider<ManagedTimerId>({
    setTimeout: (callback, delay) => {
      if (!(delay >= SHARED_FROM_MS)) return setTimeout(callback, delay) as unknown as ManagedTimerId;
      const now = Date.now();
      const due = Math.ceil((now + delay) / SHARED_STEP_MS) * SHARED_STEP_MS;
      let callbacks = steps.get(due);
      if (!callbacks) {
        callbacks = new Map();
        steps.set(due, callbacks);
        setTimeout(() => fire(due), due - now);
      }
      const id = --lastId;
      callbacks.set(id, callback);
      stepOf.set(id, due);
      return id;
    },
    clearTimeout: (id) => {
      if (typeof id === 'number' && id < 0) {
        const due = stepOf.get(id);
        stepOf.delete(id);
        // the step's browser timer stays set: clearing it costs what setting it did, and it finds nothing to run
        if (due !== undefined) steps.get(due)?.delete(id);
      } else if (id !== undefined) {
        clearTimeout(id as Parameters<typeof clearTimeout>[0]);
      }
    },
    setInterval: (callback, delay) => setInterval(callback, delay) as unknown as ManagedTimerId,
    clearInterval: (id) => clearInterval(id as Parameters<typeof clearInterval>[0]),
  });
}
