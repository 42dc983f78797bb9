import { useFormContext } from 'react-hook-form';
import { Button, Stack } from '@mui/material';
import { quickRange, type QuickRange } from '../domain/dates';
import { rc } from '../domain/messages';
import { useActor } from './useActor';

/** The quick date ranges of spec §9, in the order the search forms show them. */
const RANGES: Array<[QuickRange, string]> = [
  ['priorMonth', rc.app.priorMonth],
  ['mtd', rc.app.mtd],
  ['ytd', rc.app.ytd],
];

/**
 * Prior Month, MTD and YTD (spec §2 search forms, §9): each fills the form's since and until
 * dates (`sinceSource`, `untilSource`, MM/DD/YYYY) from the organisation's today (useActor).
 * Used inside a react-admin Form; finger-sized buttons that wrap on a phone.
 */
export function QuickRangeButtons({ sinceSource, untilSource }: { sinceSource: string; untilSource: string }) {
  const { setValue } = useFormContext();
  const { today } = useActor();
  const set = (range: QuickRange) => {
    const { sinceDate, untilDate } = quickRange(range, today);
    setValue(sinceSource, sinceDate, { shouldDirty: true, shouldValidate: true });
    setValue(untilSource, untilDate, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <Stack direction="row" sx={{ my: 1, flexWrap: 'wrap', gap: 1 }}>
      {RANGES.map(([range, label]) => (
        <Button key={range} size="small" variant="outlined" sx={{ minHeight: 40 }} onClick={() => set(range)}>
          {label}
        </Button>
      ))}
    </Stack>
  );
}
