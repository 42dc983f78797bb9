import { Button, Stack } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { daysBefore } from '../../domain/dates';
import { rc } from '../../domain/messages';

const m = rc.tickets;

/**
 * 'Today' and 'Yesterday' under the 10-41 date: one tap instead of opening the date field and
 * typing (most tickets are for today's tour or last night's). `today` is MM/DD/YYYY in
 * ORG_TIMEZONE; `onChosen` runs after the 10-41 date is set (the 10-42 date then follows).
 */
export function StartDateShortcuts({ today, onChosen }: { today: string; onChosen: () => void }) {
  const { setValue } = useFormContext();
  const choose = (date: string) => {
    setValue('startDate', date, { shouldDirty: true, shouldValidate: true });
    onChosen();
  };
  return (
    <Stack direction="row" role="group" aria-label={m.quickStartDate} sx={{ gap: 1, mt: -1, mb: 1.5, flexWrap: 'wrap' }}>
      <Button size="small" variant="outlined" onClick={() => choose(today)}>
        {m.today}
      </Button>
      <Button size="small" variant="outlined" onClick={() => choose(daysBefore(today, 1))}>
        {m.yesterday}
      </Button>
    </Stack>
  );
}
