import { useDeferredValue, type ReactNode } from 'react';
import { Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useListContext, type RaRecord } from 'react-admin';
import { rc } from '../domain/messages';
import { struckSx } from './listStyles';
import type { StruckRows } from './useStruckRows';

/** Cards rendered at once when a list first arrives (more than a phone's screen). */
const FIRST_CARDS = 10;
/** What the background render starts from when a card list mounts. */
const NONE: never[] = [];

/**
 * A list as cards, one per record of the surrounding list context (phones: no sideways-scrolling
 * tables). `render` gives a card's content; removed records are struck through (useStruckRows).
 * An empty list says `empty` ('No records found.' by default).
 *
 * Issue 13: a phone's CPU needs over a second to render 100 cards at once, one long task that
 * freezes the page. When the records first arrive the first FIRST_CARDS cards (more than a
 * screen) render at once and the rest follow in React's background rendering
 * (useDeferredValue), which yields to the browser every few milliseconds.
 */
export function CardList<T extends RaRecord>({ render, struck, empty, label }: { render: (record: T) => ReactNode; struck?: StruckRows; empty?: ReactNode; label: string }) {
  const { data, isPending } = useListContext<T>();
  const deferred = useDeferredValue(data, NONE);
  if (isPending) return <LinearProgress aria-label={rc.app.loading} sx={{ my: 2 }} />;
  if (!data?.length) return <>{empty ?? <NoRecords />}</>;
  // the records as rendered: all once the background render caught up; on first arrival the first cards
  const shown = deferred === data ? data : deferred?.length ? deferred : data.slice(0, FIRST_CARDS);
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {shown.map((record, i) => (
        <Card
          component="li"
          key={record.id}
          variant="outlined"
          sx={{ bgcolor: i % 2 === 0 ? 'action.hover' : undefined, ...(struck?.isStruck(record.id) ? struckSx : {}) }}
        >
          <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>{render(record)}</CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** What an empty list says (spec wording 'No records found.'), in tables and card lists alike. */
export function NoRecords() {
  return (
    <Typography variant="body2" sx={{ my: 2 }}>
      {rc.app.noResults}
    </Typography>
  );
}
