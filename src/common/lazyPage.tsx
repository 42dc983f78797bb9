import { Suspense, lazy, useState, type ComponentType, type ReactElement } from 'react';
import { ChunkErrorBoundary, ChunkLoadError } from './ChunkErrorBoundary';
import { PageLoading } from './PageLoading';
import { loadChunk, reloadForNewVersion } from './chunkLoad';
import type { ModuleLoader } from './moduleLoader';

/**
 * A page whose code is downloaded the first time it shows (the sign-in page loads
 * little). `module` is the area's module (`moduleLoader(() => import('./pages'))`) and `pick`
 * takes the page from it, e.g. `lazyPage(pages, (m) => m.TicketList)`; every page of one area
 * uses the same module, so an area is one chunk, fetched once. Until it arrives PageLoading holds
 * the page's space. If it fails while the server answers (a tab left open across a deploy: the old
 * file names are gone) the page reloads once to get the new version (chunkLoad.ts; a time in
 * sessionStorage stops a reload loop); if it still fails, cannot reach the server, or has not
 * arrived after 120 s (spec §8), ChunkErrorBoundary says so with 'Try again'.
 * `fullScreen` for pages outside the signed-in layout.
 *
 * A page whose module has already arrived (another page of the area showed, the landing page's
 * code was fetched before React rendered, the pages after sign-in while the user typed) shows in
 * its first render. Through lazy() it would suspend for a moment even so, and React
 * holds a suspended page's content back until 300 ms after its Loading… showed (Suspense's
 * throttling). Decided once per mount.
 */
export function lazyPage<M, P extends object>(
  module: ModuleLoader<M>,
  pick: (module: M) => ComponentType<P>,
  { fullScreen = false } = {},
): (props: P) => ReactElement {
  const load = () => module().then(pick);
  /** The page when its area's module has already arrived. */
  const ready = (): ComponentType<P> | undefined => {
    const loaded = module.loaded();
    return loaded === undefined ? undefined : pick(loaded);
  };
  const Page = lazy(() =>
    loadChunk(load).then(
      (component) => ({ default: component }),
      async (cause: unknown) => {
        // a chunk gone from a server that answers: a newer version was deployed; reload once for it
        if (cause === 'failed' && (await reloadForNewVersion())) return new Promise<never>(() => {});
        throw new ChunkLoadError(cause);
      },
    ),
  );
  function LazyPage(props: P) {
    const [Ready] = useState(ready);
    return (
      <ChunkErrorBoundary>
        {Ready ? (
          <Ready {...props} />
        ) : (
          <Suspense fallback={<PageLoading fullScreen={fullScreen} />}>
            <Page {...props} />
          </Suspense>
        )}
      </ChunkErrorBoundary>
    );
  }
  return LazyPage;
}
