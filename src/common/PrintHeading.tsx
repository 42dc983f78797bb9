import { useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { useAppConfig } from '../providers/appConfig';
import { fromInstant } from '../domain/dates';
import { format, rc } from '../domain/messages';
import type { LabeledValue } from './LabeledValues';
import { usePrintState } from './printing';
import { printClasses } from './printClasses';

/** Class of the parts shown on paper only (PrintHeading); the print stylesheet shows them. */
export const PRINT_ONLY_CLASS = printClasses.printOnly;

const DATE = /^\d{2}\/\d{2}\/\d{4}$/;

/**
 * The heading line of a printed list: its title, then the criteria's values (text and numbers;
 * empty ones left out), two dates in a row as a range: 'Statistics 4th Precinct, 01/01/2026 – 11/26/2026'.
 */
export function filterHeading(title: string, criteria: LabeledValue[] = []): string {
  const values = criteria
    .map(([, v]) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : ''))
    .filter((v) => v !== '');
  const parts: string[] = [];
  for (let i = 0; i < values.length; i++) {
    if (DATE.test(values[i]) && DATE.test(values[i + 1] ?? '')) {
      parts.push(`${values[i]} – ${values[i + 1]}`);
      i++;
    } else parts.push(values[i]);
  }
  return parts.length ? `${title} ${parts.join(', ')}` : title;
}

const sx = { display: 'none', '@media print': { display: 'block', mb: 1 } } as const;

/**
 * Shown on paper only: the organisation's name (GET /api/config), 'Printed MM/DD/YYYY HH:mm' (the
 * time printing began, in the organisation's time zone) and the list's title with its criteria.
 */
export function PrintHeading({ title, criteria }: { title: string; criteria?: LabeledValue[] }) {
  const { orgName, orgTimezone } = useAppConfig();
  const { at } = usePrintState();
  // a list renders many times before anyone prints: the time-zone arithmetic once per printing
  const { date, time } = useMemo(() => fromInstant(new Date(at), orgTimezone), [at, orgTimezone]);
  return (
    <Box className={PRINT_ONLY_CLASS} sx={sx}>
      <Typography component="p" variant="h6">
        {orgName}
      </Typography>
      <Typography component="p" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {filterHeading(title, criteria)}
      </Typography>
      <Typography component="p" variant="body2">
        {format(rc.download.printed, { date, time })}
      </Typography>
    </Box>
  );
}
