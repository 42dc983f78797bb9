import { Card, CardContent, Typography } from '@mui/material';
import { LabeledValues, type LabeledValue } from './LabeledValues';

/**
 * Figures that sum up a list or report (the totals of the time ticket list, a report's counts)
 * as one card under the list, the same on a phone and at a desk.
 */
export function SummaryCard({ title, items }: { title: string; items: LabeledValue[] }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ my: 1, maxWidth: 560 }}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <LabeledValues items={items} dense />
      </CardContent>
    </Card>
  );
}
