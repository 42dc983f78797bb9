import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom has no layout: scrolling is a no-op (ScrollToTop calls it on every path change).
window.scrollTo = (() => undefined) as typeof window.scrollTo;

const originalMatchMedia = window.matchMedia;

afterEach(() => {
  cleanup();
  window.matchMedia = originalMatchMedia;
  sessionStorage.clear();
});
