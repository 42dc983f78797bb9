import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** One line of a LabeledValues block: [label, value]; a value that is '', null, undefined or false is left out. */
export type LabeledValue = [label: string, value: ReactNode];

/**
 * Label: value pairs as a definition list, two columns that wrap on a phone. Used for the
 * criteria of a list (filter block), the figures on a card and the totals card.
 */
export function LabeledValues({ items, dense }: { items: LabeledValue[]; dense?: boolean }) {
  const shown = items.filter(([, v]) => v !== '' && v !== null && v !== undefined && v !== false);
  if (!shown.length) return null;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: dense ? 0 : 0.25, my: dense ? 0.5 : 1 }}>
      {shown.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
            {label}:
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
