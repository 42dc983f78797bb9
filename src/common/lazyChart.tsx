import { Component, Suspense, lazy, useEffect, useState, type ComponentType, type ReactElement, type ReactNode, type RefCallback } from 'react';
import { Box } from '@mui/material';
import { loadChunk } from './chunkLoad';
import type { ModuleLoader } from './moduleLoader';

/**
 * A chart whose code (and @mui/x-charts with it) is downloaded the first time it shows, like
 * lazyPage: `module` is the chart's module (`moduleLoader(() => import('./StatisticsChart'))`), `pick`
 * takes the component. Until it arrives an empty box of `height` px holds the chart's place, so
 * nothing below it moves. A chart is an extra beside a table that holds the same figures: when its
 * code cannot be downloaded (or takes longer than spec §8's 120 s) it leaves its place empty and the
 * page goes on, rather than replacing the page with lazyPage's error.
 */
export function lazyChart<M, P extends object>(module: ModuleLoader<M>, pick: (module: M) => ComponentType<P>, height: number): (props: P) => ReactElement {
  const Chart = lazy(() => loadChunk(() => module().then(pick)).then((component) => ({ default: component })));
  function LazyChart(props: P) {
    const loaded = module.loaded();
    const Ready = loaded === undefined ? undefined : pick(loaded);
    return (
      <ChartBoundary>
        {Ready ? (
          <Ready {...props} />
        ) : (
          <Suspense fallback={<Box sx={{ height, my: 1 }} />}>
            <Chart {...props} />
          </Suspense>
        )}
      </ChartBoundary>
    );
  }
  return LazyChart;
}

/** Leaves a chart out (nothing shown, the cause logged) when its code or drawing fails; the table beside it stays. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
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

/**
 * False until the page has painted and the browser is idle (requestIdleCallback, at most
 * `timeoutMs` later; a frame where it is missing), then true: what is not needed for the first
 * screen (a chart under a list) starts its download and drawing after the list is on screen.
 */
export function useAfterFirstPaint(timeoutMs = 1000): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => setPainted(true), { timeout: timeoutMs });
      else idle = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle === undefined) return;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else clearTimeout(idle);
    };
  }, [timeoutMs]);
  return painted;
}

/**
 * [ref, near]: `near` turns true (and stays so) once the element given to `ref` has painted and
 * comes within `marginPx` of the screen (IntersectionObserver), and at once where the browser has
 * no IntersectionObserver. A chart under a long list thus downloads when the reader scrolls
 * towards it, never in a phone's first load of the list (where it would only be bytes and work
 * spent on something below the screen).
 */
export function useNearViewport(marginPx = 200): [RefCallback<HTMLElement>, boolean] {
  const painted = useAfterFirstPaint();
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!painted || near || !element) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: `${marginPx}px 0px` });
    observer.observe(element);
    return () => observer.disconnect();
  }, [painted, near, element, marginPx]);
  return [setElement, near];
}
