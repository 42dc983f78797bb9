import type { ReactNode } from 'react';
import { Typography } from '@mui/material';

/** The heading of a card (a record in a phone list, a totals card): bold, wraps anywhere. */
export function CardTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}
