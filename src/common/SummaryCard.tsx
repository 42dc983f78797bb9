import { Card, CardContent } from '@mui/material';
import { LabeledValues, type LabeledValue } from './LabeledValues';
import { CardTitle } from './CardTitle';

/**
 * Figures that sum up a list or report (the totals of the time ticket list, a report's counts)
 * as one card under the list, the same on a phone and at a desk.
 */
export function SummaryCard({ title, items }: { title: string; items: LabeledValue[] }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ my: 1, maxWidth: 560 }}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <CardTitle>
          {title}
        </CardTitle>
        <LabeledValues items={items} dense />
      </CardContent>
    </Card>
  );
}
