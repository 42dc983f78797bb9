import { Suspense, lazy, type ComponentType, type ReactElement } from 'react';
import { ChunkErrorBoundary, ChunkLoadError } from './ChunkErrorBoundary';
import { PageLoading } from './PageLoading';

/**
 * A page whose code is downloaded the first time it shows (issue 10: the sign-in page loads
 * little). `load` imports the area's module and picks the page, e.g.
 * `lazyPage(() => import('./pages').then((m) => m.TicketList))`; every page of one area imports
 * the same module, so an area is one chunk, fetched once. Until it arrives PageLoading holds the
 * page's space; if it cannot be fetched ChunkErrorBoundary says so with 'Try again'.
 * `fullScreen` for pages outside the signed-in layout.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, { fullScreen = false } = {}): (props: P) => ReactElement {
  const Page = lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (cause: unknown) => {
        throw new ChunkLoadError(cause);
      },
    ),
  );
  function LazyPage(props: P) {
    return (
      <ChunkErrorBoundary>
        <Suspense fallback={<PageLoading fullScreen={fullScreen} />}>
          <Page {...props} />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  return LazyPage;
}
