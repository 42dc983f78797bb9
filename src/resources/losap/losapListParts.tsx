import { MenuItem, TextField as MuiTextField } from '@mui/material';
import type { Choice } from '../../common/lookups';
import { rc } from '../../domain/messages';

/**
 * Pieces shared by the LOSAP lists (the LOSAP Progress report and the year end's review): the
 * years offered, the labelled filter selects, an officer's name and a yes/no figure.
 */

/** The years offered: the current one and the nine before it, and next year (rules set ahead). */
export function yearChoices(current: number): number[] {
  return Array.from({ length: 11 }, (_, i) => current + 1 - i);
}

/** An officer's name as the lists show it: 'Last, First' (either part may be empty). */
export const officerName = (r: { lastName: string; firstName: string }) => `${r.lastName}, ${r.firstName}`.replace(/^, |, $/g, '');

/** 'Yes' / 'No' of a report's flag. */
export const yesNo = (b: boolean) => (b ? rc.losap.report.yes : rc.losap.report.no);

/** A labelled select of a report's filters; '' for any (unless `any` is false). */
export function FilterSelect({ id, label, value, choices, onChange, any = true }: { id: string; label: string; value: string; choices: readonly { id: Choice['id'] | string; name: string }[]; onChange: (v: string) => void; any?: boolean }) {
  return (
    <MuiTextField id={id} select size="small" fullWidth={false} label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 160 }}>
      {any && <MenuItem value="">&nbsp;</MenuItem>}
      {choices.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}
