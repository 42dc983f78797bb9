import { Suspense, lazy, useEffect, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useForward } from '../../../src/common/useForward';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

/**
 * A page that only sends the user on once something it waits for arrives (as the home redirect
 * waits for the unread-159 count), beside a Search page whose code is still downloading.
 */
function setup() {
  const count = deferred<void>();
  const searchCode = deferred<{ default: ComponentType }>();
  const SearchPage = lazy(() => searchCode.promise);
  function Home() {
    const forward = useForward();
    useEffect(() => {
      void count.promise.then(() => forward('/Browse'));
    }, [forward]);
    return <h1>Welcome</h1>;
  }
  const router = createMemoryRouter([
    { path: '/', element: <Home /> },
    { path: '/Search', element: <Suspense fallback={<p>Loading</p>}><SearchPage /></Suspense> },
    { path: '/Browse', element: <h1>Browse</h1> },
  ]);
  render(<RouterProvider router={router} />);
  return { router, count, searchCode };
}

describe('useForward: a redirect never overrides where the user went meanwhile', () => {
  it('forwards, replacing the entry, when the user is still on the page', async () => {
    const { router, count } = setup();
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    await act(async () => count.resolve());
    expect(await screen.findByRole('heading', { name: 'Browse' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Browse');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('does nothing once the user has followed a link, even while that page is still loading', async () => {
    const { router, count, searchCode } = setup();
    await act(async () => {
      await router.navigate('/Search');
    });
    await act(async () => count.resolve());
    await act(async () => searchCode.resolve({ default: () => <h1>Search</h1> }));
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Search');
  });
});
