import { Card, CardContent } from '@mui/material';
import { LabeledValues, type LabeledValue } from './LabeledValues';
import { CardTitle } from './CardTitle';
import { formatCount } from './numberFormat';

/**
 * Figures that sum up a list or report (the totals of the time ticket list, a report's counts)
 * as one card under the list, the same on a phone and at a desk. A value given as a number is a
 * count and shows with thousands separators ('12,345'); hours come formatted (formatHours).
 */
export function SummaryCard({ title, items }: { title: string; items: LabeledValue[] }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ my: 1, maxWidth: 560 }}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <CardTitle>
          {title}
        </CardTitle>
        <LabeledValues items={items.map(([label, value]): LabeledValue => [label, typeof value === 'number' ? formatCount(value) : value])} dense />
      </CardContent>
    </Card>
  );
}
