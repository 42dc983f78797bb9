import { Component, Suspense, lazy, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { loadChunk } from './chunkLoad';
import { useAfterFirstPaint } from './useNearViewport';
import type { ModuleLoader } from './moduleLoader';

/**
 * A part of a page whose code is downloaded the first time it shows, like lazyPage: `module` is
 * the part's module (`moduleLoader(() => import('./ListExtras'))`), `pick` takes the component.
 * Until it arrives `place` holds its room (an empty box as tall as the part), so nothing around
 * it moves. A part is an extra beside the page's own content (a chart beside the table of the same
 * figures, a list's Export and Print): when its code cannot be downloaded (or takes longer than
 * spec §8's 120 s) it is left out and the page goes on, rather than replacing the page with
 * lazyPage's error. A part whose module has already arrived shows in its first render (as in lazyPage).
 * With `afterFirstPaint` its download (and its rendering) waits until the page has painted and the
 * browser is idle (useAfterFirstPaint), unless its module has already arrived: for what a first
 * screen does not need.
 */
export function lazyPart<M, P extends object>(
  module: ModuleLoader<M>,
  pick: (module: M) => ComponentType<P>,
  place: ReactNode,
  { afterFirstPaint = false } = {},
): (props: P) => ReactElement {
  const Part = lazy(() => loadChunk(() => module().then(pick)).then((component) => ({ default: component })));
  /** The part when its module has already arrived. */
  const ready = (): ComponentType<P> | undefined => {
    const loaded = module.loaded();
    return loaded === undefined ? undefined : pick(loaded);
  };
  function LazyPart(props: P) {
    // decided once per mount, so the part is not mounted afresh (its state lost: an open menu, a
    // download under way) when its module arrives
    const [Ready] = useState(ready);
    // only a part that waits for the first paint asks for a frame and an idle moment
    const painted = useAfterFirstPaint(afterFirstPaint && !Ready);
    if (!Ready && afterFirstPaint && !painted) return <>{place}</>;
    return (
      <PartBoundary>
        {Ready ? (
          <Ready {...props} />
        ) : (
          <Suspense fallback={place}>
            <Part {...props} />
          </Suspense>
        )}
      </PartBoundary>
    );
  }
  return LazyPart;
}

/** Leaves a part out (nothing shown, the cause logged) when its code or drawing fails; the page around it stays. */
class PartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error instanceof Error ? error.message : error);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
