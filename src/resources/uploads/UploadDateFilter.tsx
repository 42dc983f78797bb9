import { useNavigate } from 'react-router-dom';
import { Form, SaveButton } from 'react-admin';
import { Box, Stack } from '@mui/material';
import { ActionButton } from '../../common/ActionButton';
import FilterListIcon from '@mui/icons-material/FilterList';
import ClearIcon from '@mui/icons-material/Clear';
import { DateInput } from '../../common/DateTimeInputs';
import { compareDates, isValidDate } from '../../domain/dates';
import { rc } from '../../domain/messages';
import { uploadQueryString, type UploadQuery } from './uploadQuery';

const f = rc.uploads.fields;

/** 'Since date must be <= until date!' on Thru when From is later (spec §5 search rules). */
export function validateUploadDates(values: { dateEntered1?: string; dateEntered2?: string }): Record<string, string> {
  const { dateEntered1: since, dateEntered2: until } = values;
  if (since && until && isValidDate(since) && isValidDate(until) && compareDates(since, until) > 0) {
    return { dateEntered2: rc.validation.sinceAfterUntil };
  }
  return {};
}

/**
 * The date-entered range of /UploadBrowse (spec §2 Uploads: 'List filtered by date entered range
 * and upload type'): From and Thru (MM/DD/YYYY, either may stay empty), Filter puts them in the
 * query string with the upload type kept, Clear removes them.
 */
export function UploadDateFilter({ query }: { query: UploadQuery }) {
  const navigate = useNavigate();
  const go = (q: UploadQuery) => navigate(`/UploadBrowse${uploadQueryString(q)}`);
  return (
    <Form
      defaultValues={{ dateEntered1: query.dateEntered1 ?? '', dateEntered2: query.dateEntered2 ?? '' }}
      validate={(v: Record<string, unknown>) => validateUploadDates(v)}
      onSubmit={(v: Record<string, unknown>) => go({ uploadTypeId: query.uploadTypeId, dateEntered1: String(v.dateEntered1 ?? ''), dateEntered2: String(v.dateEntered2 ?? '') })}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr)', sm: 'repeat(3, max-content)' }, columnGap: 2, alignItems: 'start', mt: 1 }}>
        <DateInput source="dateEntered1" label={f.dateEntered1} />
        <DateInput source="dateEntered2" label={f.dateEntered2} />
        <Stack direction="row" sx={{ gap: 1, pt: { sm: 1 }, mb: 2, gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
          <SaveButton alwaysEnable label={rc.uploads.actions.filter} icon={<FilterListIcon />} variant="outlined" sx={{ minHeight: 40 }} />
          {(query.dateEntered1 || query.dateEntered2) && (
            <ActionButton label={rc.uploads.actions.clear} icon={<ClearIcon />} onClick={() => go({ uploadTypeId: query.uploadTypeId })} />
          )}
        </Stack>
      </Box>
    </Form>
  );
}
