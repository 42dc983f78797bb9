import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useListContext, type RaRecord } from 'react-admin';
import { rc } from '../domain/messages';
import { struckSx } from './listStyles';
import type { StruckRows } from './useStruckRows';

/** Cards rendered at once when a list first arrives (a 800-px phone screen shows three or four under the heading and totals), then this many more at a time. */
const FIRST_CARDS = 6;
const MORE_CARDS = 15;

/**
 * A list as cards, one per record of the surrounding list context (phones: no sideways-scrolling
 * tables). `render` gives a card's content; removed records are struck through (useStruckRows).
 * An empty list says `empty` ('No records found.' by default).
 *
 * a phone's CPU needs over a second to render 100 cards at once, one long task that
 * freezes the page. When the records first arrive the first FIRST_CARDS cards (more than a
 * screen) render at once and the rest follow MORE_CARDS at a time, each batch its own task
 * (a transition after a macrotask), so the browser answers the user in between. A later, longer
 * answer (a larger page) grows the same way from the count already shown.
 */
export function CardList<T extends RaRecord>({ render, struck, empty, label }: { render: (record: T) => ReactNode; struck?: StruckRows; empty?: ReactNode; label: string }) {
  const { data, isPending } = useListContext<T>();
  const [limit, setLimit] = useState(FIRST_CARDS);
  const count = data?.length ?? 0;
  useEffect(() => {
    if (limit >= count) return;
    const timer = setTimeout(() => startTransition(() => setLimit((n) => n + MORE_CARDS)), 0);
    return () => clearTimeout(timer);
  }, [limit, count]);
  if (isPending) return <LinearProgress aria-label={rc.app.loading} sx={{ my: 2 }} />;
  if (!data?.length) return <>{empty ?? <NoRecords />}</>;
  const shown = limit >= data.length ? data : data.slice(0, limit);
  return (
    <Box component="ul" aria-label={label} sx={cardsSx}>
      {shown.map((record) => (
        <Card component="li" key={record.id} variant="outlined" className={struck?.isStruck(record.id) ? STRUCK : undefined}>
          <CardContent>{render(record)}</CardContent>
        </Card>
      ))}
    </Box>
  );
}

const STRUCK = 'RcCardList-struck';

/**
 * The cards' looks set once on the list rather than on each card (a styled component
 * per card is rendering time on a phone): every other card shaded, compact content, struck cards.
 */
const cardsSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 1,
  '& > li:nth-of-type(odd)': { bgcolor: 'action.hover' },
  '& > li > .MuiCardContent-root': { p: 1.5 },
  [`& > li.${STRUCK}`]: struckSx,
} as const;

/** What an empty list says (spec wording 'No records found.'), in tables and card lists alike. */
export function NoRecords() {
  return (
    <Typography variant="body2" sx={{ my: 2 }}>
      {rc.app.noResults}
    </Typography>
  );
}
