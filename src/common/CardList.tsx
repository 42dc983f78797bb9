import type { ReactNode } from 'react';
import { Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useListContext, type RaRecord } from 'react-admin';
import { rc } from '../domain/messages';
import { struckSx } from './listStyles';
import type { StruckRows } from './useStruckRows';

/**
 * A list as cards, one per record of the surrounding list context (phones: no sideways-scrolling
 * tables). `render` gives a card's content; removed records are struck through (useStruckRows).
 * An empty list says `empty` ('No records found.' by default).
 */
export function CardList<T extends RaRecord>({ render, struck, empty, label }: { render: (record: T) => ReactNode; struck?: StruckRows; empty?: ReactNode; label: string }) {
  const { data, isPending } = useListContext<T>();
  if (isPending) return <LinearProgress aria-label={rc.app.loading} sx={{ my: 2 }} />;
  if (!data?.length) return <>{empty ?? <NoRecords />}</>;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {data.map((record, i) => (
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
