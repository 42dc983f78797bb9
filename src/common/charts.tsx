/**
 * What the app's charts are built from: @mui/x-charts' BarChart, and ChartFigure, the frame that
 * gives each its caption and text alternative. Only the chart modules (each loaded through
 * lazyChart) import this module, so it and @mui/x-charts form one chunk of their own, `charts`,
 * downloaded with the first chart a page shows and never part of the first download.
 */
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { formatCount, formatHours } from './numberFormat';

import { BarChart as XBarChart, type BarChartProps } from '@mui/x-charts/BarChart';

/**
 * @mui/x-charts' BarChart (same props), drawn at once rather than grown: a printout or a picture
 * taken as the chart arrives shows its real bars, and a phone spends no frames on the animation.
 */
export function BarChart(props: BarChartProps) {
  return <XBarChart skipAnimation {...props} />;
}

/** An hours axis' tick: whole hours without decimals ('1,000'), others with two ('2.50'). */
export const axisHours = (v: number): string => (Number.isInteger(v) ? formatCount(v) : formatHours(v));

/** Kept for screen readers, not shown: one pixel, clipped (the usual visually-hidden rule). */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', padding: 0, margin: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

export interface ChartFigureProps {
  /** The visible caption under the chart: what it shows and that the table holds the figures. */
  caption: string;
  /** The text alternative read instead of the picture: every figure the chart draws, in words. */
  summary: string;
  /** The chart (an @mui/x-charts chart with a height and no width, so it takes the page's width). */
  children: ReactNode;
}

/**
 * The frame of every chart: a figure whose picture is hidden from screen readers (aria-hidden) and
 * whose text alternative (`summary`, not shown on screen) and caption are read instead. The box is
 * as wide as the page and never wider (minWidth 0), so a phone scrolls nothing sideways.
 */
export function ChartFigure({ caption, summary, children }: ChartFigureProps) {
  return (
    <Box component="figure" sx={{ m: 0, my: 1, minWidth: 0, maxWidth: '100%' }}>
      <Box aria-hidden sx={{ width: '100%', minWidth: 0 }}>
        {children}
      </Box>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        <Box component="span" sx={visuallyHidden}>
          {summary}{' '}
        </Box>
        {caption}
      </Typography>
    </Box>
  );
}
