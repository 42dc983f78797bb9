import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyPage } from '../../../src/common/lazyPage';
import { moduleLoader } from '../../../src/common/moduleLoader';

/** Stands for the layout's error page: shows what reached it. */
class OuterBoundary extends Component<{ children: ReactNode }, { message: string | null }> {
  state = { message: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  render() {
    return this.state.message ? <p>{`Outer: ${this.state.message}`}</p> : this.props.children;
  }
}

/** A load that waits until the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => vi.restoreAllMocks());

describe('lazy pages', () => {
  it("shows 'Loading…' while the page's code downloads, then the page with its props", async () => {
    const load = deferred<(props: { name: string }) => ReactNode>();
    const Page = lazyPage(moduleLoader(() => load.promise), (page) => page);
    render(<Page name="Roster" />);
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    load.resolve(({ name }) => <h1>{name}</h1>);
    expect(await screen.findByRole('heading', { name: 'Roster' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('a page whose code was fetched early shows in its first render, without Loading… (no suspended moment for React to hold back)', async () => {
    const pages = moduleLoader(() => Promise.resolve({ Roster: ({ name }: { name: string }) => <h1>{name}</h1> }));
    const Page = lazyPage(pages, (m) => m.Roster);
    // as src/main.tsx does before React renders
    await pages();
    render(<Page name="Roster" />);
    expect(screen.getByRole('heading', { name: 'Roster' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("another page of an area whose code came with the first shows at once", async () => {
    const pages = moduleLoader(() => Promise.resolve({ Roster: () => <h1>Roster</h1>, Events: () => <h1>Events</h1> }));
    const Roster = lazyPage(pages, (m) => m.Roster);
    const Events = lazyPage(pages, (m) => m.Events);
    const first = render(<Roster />);
    expect(await screen.findByRole('heading', { name: 'Roster' })).toBeInTheDocument();
    first.unmount();
    render(<Events />);
    expect(screen.getByRole('heading', { name: 'Events' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('a page whose code has not been fetched still shows Loading… first', async () => {
    const pages = moduleLoader(() => Promise.resolve({ Roster: () => <h1>Roster</h1> }));
    const Page = lazyPage(pages, (m) => m.Roster);
    render(<Page />);
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Roster' })).toBeInTheDocument();
  });

  it("says so with 'Try again' when the page's code cannot be downloaded, instead of a blank page", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = lazyPage(moduleLoader(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))), (page) => page);
    render(
      <OuterBoundary>
        <Page />
      </OuterBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded. Check the connection and try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText(/^Outer:/)).not.toBeInTheDocument();
  });

  it("leaves a page's own errors to the error page above, as before pages were lazy", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('the page broke');
    };
    const Page = lazyPage(moduleLoader(() => Promise.resolve(Broken)), (page) => page);
    render(
      <OuterBoundary>
        <Page />
      </OuterBoundary>,
    );
    expect(await screen.findByText('Outer: the page broke')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
