import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
// The dataProvider imports its in-memory sorting when a list first needs it (a lazy chunk in the
// app); loaded here once, so the first such list of a test file does not wait for the
// test runner to transform it and dayjs.
import '../../src/providers/sortRows';
import { queryClient } from '../../src/providers/queryClient';

// jsdom has no layout: scrolling is a no-op (ScrollToTop calls it on every path change).
window.scrollTo = (() => undefined) as typeof window.scrollTo;

const originalMatchMedia = window.matchMedia;

afterEach(() => {
  cleanup();
  window.matchMedia = originalMatchMedia;
  sessionStorage.clear();
  // the app's one query client keeps the session check, the config and react-admin's data: each test starts with none
  queryClient.clear();
});
