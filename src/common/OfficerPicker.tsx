import { AutocompleteInput, type AutocompleteInputProps } from 'react-admin';
import { Autocomplete, TextField } from '@mui/material';
import { rc } from '../domain/messages';
import { filterOfficers, officerListLabel, officerMatches, type PickableOfficer } from '../domain/officerLabel';
import type { ContactOfficer } from '../domain/tickets';
import { useOfficerChoices } from './lookups';

const p = rc.officers.picker;

/**
 * How many officers a picker lists at once: typing narrows the list, and a phone need not draw
 * a thousand rows each time it opens.
 */
export const OFFICER_SUGGESTION_LIMIT = 100;

/** The query of useOfficerChoices a picker asks (all officers, last then first name), unless told otherwise. */
type OfficerQuery = Record<string, string | number>;

/** react-admin's matchSuggestion over officerMatches (exact: the whole label, as react-admin asks it). */
const matchOfficer = (typed: string, o: PickableOfficer, exact?: boolean) =>
  exact ? officerListLabel(o).toLowerCase() === typed.trim().toLowerCase() : officerMatches(o, typed);

export type OfficerPickerProps = Omit<AutocompleteInputProps, 'choices' | 'optionValue' | 'optionText' | 'matchSuggestion' | 'inputText'> & {
  /** The useOfficerChoices query, e.g. { orderBy: 'last_name,first_name', excludeSeparated: 'Y' }. Default: every officer. */
  query?: OfficerQuery;
};

/**
 * Type-ahead officer picker for react-admin forms and filters (spec §1 label, §6 pickers).
 * Usage: `<OfficerPicker source="officerId" />` inside a Form; the field's value is the chosen
 * officer's id (a number), `emptyValue` (default '') when cleared. Officers come from the cached
 * useOfficerChoices list (`query` picks another list); each reads '(A0001) Last, First'. Typing a
 * last name, first name or officer id ('A0007', '7') narrows the list (officerMatches in
 * src/domain/officerLabel.ts), at most OFFICER_SUGGESTION_LIMIT rows. Labelled 'Officer' unless
 * `label` says otherwise; arrows and Enter pick by keyboard; full width, so it fits a 375-px phone.
 * Any other AutocompleteInput prop (validate, parse, helperText, disabled…) passes through.
 */
export function OfficerPicker({ query, label = p.label, helperText = p.hint, ...rest }: OfficerPickerProps) {
  const officers = useOfficerChoices(query);
  return (
    <AutocompleteInput
      choices={officers}
      optionValue="officerId"
      optionText={officerListLabel}
      matchSuggestion={matchOfficer}
      suggestionLimit={OFFICER_SUGGESTION_LIMIT}
      isPending={!officers.length}
      noOptionsText={p.noMatch}
      label={label}
      helperText={helperText}
      fullWidth
      {...rest}
    />
  );
}

export interface OfficerPickerFieldProps {
  /** The chosen officer's id, or null for none. */
  value: number | null;
  /** Called with the chosen officer's id, or null when the field is cleared. */
  onChange: (officerId: number | null) => void;
  /** The visible label; 'Officer' by default. */
  label?: string;
  /** The useOfficerChoices query (see OfficerPicker). */
  query?: OfficerQuery;
  /** Id of the text input (for a button's aria-describedby or a test). */
  id?: string;
  disabled?: boolean;
  /** Text under the field; the typing hint by default, false for none. */
  helperText?: string | false;
}

/**
 * The same picker outside a react-admin form (MUI Autocomplete with value/onChange), e.g. next to
 * an action button: same officers, same labels, same matching and limit as OfficerPicker.
 */
export function OfficerPickerField({ value, onChange, label = p.label, query, id, disabled, helperText = p.hint }: OfficerPickerFieldProps) {
  const officers = useOfficerChoices(query);
  const selected = officers.find((o) => o.officerId === value) ?? null;
  return (
    <Autocomplete<ContactOfficer>
      id={id}
      options={officers}
      value={selected}
      onChange={(_e, o) => onChange(o ? o.officerId : null)}
      getOptionLabel={officerListLabel}
      getOptionKey={(o) => o.officerId}
      isOptionEqualToValue={(a, b) => a.officerId === b.officerId}
      filterOptions={(options, state) => filterOfficers(options, state.inputValue, OFFICER_SUGGESTION_LIMIT)}
      noOptionsText={p.noMatch}
      loading={!officers.length}
      loadingText={rc.app.loading}
      disabled={disabled}
      fullWidth
      autoHighlight
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText || undefined} size="small" />}
    />
  );
}
