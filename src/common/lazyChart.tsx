import type { ComponentType, ReactElement } from 'react';
import { Box } from '@mui/material';
import { lazyPart } from './lazyPart';
import type { ModuleLoader } from './moduleLoader';

/**
 * A chart whose code (and @mui/x-charts with it) is downloaded the first time it shows (lazyPart):
 * `module` is the chart's module (`moduleLoader(() => import('./StatisticsChart'))`), `pick` takes
 * the component. Until it arrives an empty box of `height` px holds the chart's place, so nothing
 * below it moves. A chart is an extra beside a table that holds the same figures: when its code
 * cannot be downloaded it is left out and the page goes on.
 */
export function lazyChart<M, P extends object>(module: ModuleLoader<M>, pick: (module: M) => ComponentType<P>, height: number): (props: P) => ReactElement {
  return lazyPart(module, pick, <Box sx={{ height, my: 1 }} />);
}
