import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
// The dataProvider imports its in-memory sorting when a list first needs it (a lazy chunk in the
// app); loaded here once, so the first such list of a test file does not wait for the
// test runner to transform it and dayjs.
import '../../src/providers/sortRows';
import { queryClient } from '../../src/providers/queryClient';
import { resetMemoryIdb } from './memoryIdb';

// jsdom has no IndexedDB: the offline outbox (src/offline/outbox.ts) keeps its entries in memory
vi.mock('idb-keyval', () => import('./memoryIdb'));

// findBy and waitFor wait up to 5 s (Testing Library's default is 1 s): two test files run at once
// on the 2-core machines, and a page's first render in jsdom can take over a second there. A
// passing test waits no longer; only a failing one takes longer to say so.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: scrolling is a no-op (ScrollToTop calls it on every path change).
window.scrollTo = (() => undefined) as typeof window.scrollTo;

const originalMatchMedia = window.matchMedia;

afterEach(() => {
  cleanup();
  window.matchMedia = originalMatchMedia;
  sessionStorage.clear();
  // the app's one query client keeps the session check, the config and react-admin's data: each test starts with none
  queryClient.clear();
  resetMemoryIdb();
});
