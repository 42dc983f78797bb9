import { Suspense, lazy, useState, type ComponentType, type ReactElement } from 'react';
import { ChunkErrorBoundary, ChunkLoadError } from './ChunkErrorBoundary';
import { PageLoading } from './PageLoading';
import { loadChunk, reloadForNewVersion } from './chunkLoad';

/**
 * A page whose code is downloaded the first time it shows (issue 10: the sign-in page loads
 * little). `load` imports the area's module and picks the page, e.g.
 * `lazyPage(() => import('./pages').then((m) => m.TicketList))`; every page of one area imports
 * the same module, so an area is one chunk, fetched once. Until it arrives PageLoading holds the
 * page's space. If it fails while the server answers (a tab left open across a deploy: the old
 * file names are gone) the page reloads once to get the new version (chunkLoad.ts; a time in
 * sessionStorage stops a reload loop); if it still fails, cannot reach the server, or has not arrived after 120 s
 * (spec §8), ChunkErrorBoundary says so with 'Try again'.
 * `fullScreen` for pages outside the signed-in layout.
 *
 * `ready` (issue 13) names the page when its code has already arrived (ModuleLoader.loaded): the page
 * then shows at once. Through lazy() it would suspend for a moment even so, and React holds a
 * suspended page's content back until 300 ms after its Loading… showed (Suspense's throttling):
 * a third of a second on every landing page and after every sign-in. Decided once per mount.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { fullScreen = false, ready }: { fullScreen?: boolean; ready?: () => ComponentType<P> | undefined } = {},
): (props: P) => ReactElement {
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
    const [Ready] = useState(() => ready?.());
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
