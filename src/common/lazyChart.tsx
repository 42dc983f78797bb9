import { Component, Suspense, lazy, type ComponentType, type ReactElement, type ReactNode } from 'react';
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
