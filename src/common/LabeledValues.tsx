import { Fragment, type ReactNode } from 'react';
import { Box } from '@mui/material';

/** One line of a LabeledValues block: [label, value]; a value that is '', null, undefined or false is left out. */
export type LabeledValue = [label: string, value: ReactNode];

const listSx = {
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: 2,
  typography: 'body2',
  '& > dt': { fontWeight: 700, m: 0 },
  '& > dd': { m: 0, overflowWrap: 'anywhere' },
} as const;
const sx = { normal: { ...listSx, rowGap: 0.25, my: 1 }, dense: { ...listSx, rowGap: 0, my: 0.5 } } as const;

/**
 * Label: value pairs as a definition list, two columns that wrap on a phone. Used for the
 * criteria of a list (filter block), the figures on a card and the totals card.
 * Plain dt/dd styled once by the list: a phone list shows a dozen pairs per card,
 * and a styled component per label and value was most of a card's rendering time.
 */
export function LabeledValues({ items, dense }: { items: LabeledValue[]; dense?: boolean }) {
  const shown = items.filter(([, v]) => v !== '' && v !== null && v !== undefined && v !== false);
  if (!shown.length) return null;
  return (
    <Box component="dl" sx={dense ? sx.dense : sx.normal}>
      {shown.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}:</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </Box>
  );
}
