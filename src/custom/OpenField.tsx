import type { ChangeEvent, ReactNode, Ref } from 'react';
import { FilledInput, FormControl, FormHelperText, InputLabel } from '@mui/material';

export interface OpenFieldProps {
  id: string;
  name: string;
  label: ReactNode;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  error?: boolean;
  /** The field's message ('Required', a rule); ' ' keeps its line. */
  helperText?: ReactNode;
  autoComplete?: string;
  fullWidth?: boolean;
  disabled?: boolean;
  type?: string;
  endAdornment?: ReactNode;
  /** Id of a note that describes the field, read after its label and before its message. */
  describedBy?: string;
}

/**
 * A text field of the pages open without a session (sign-in, Password Reset, Change Password):
 * what MUI's TextField renders in the theme's one input variant (FormControl's theme defaults:
 * filled, dense, small, full width), label, input and message linked the same way, but built from
 * those parts. TextField imports every variant and the select with its menu, popover and modal,
 * about 40 KB of the first download that these pages never show.
 */
export function OpenField({ id, label, helperText, endAdornment, describedBy, required, error, fullWidth, disabled, ...input }: OpenFieldProps) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const description = [describedBy, helperId].filter(Boolean).join(' ') || undefined;
  return (
    <FormControl required={required} error={error} fullWidth={fullWidth} disabled={disabled}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <FilledInput id={id} {...input} endAdornment={endAdornment} inputProps={{ 'aria-describedby': description }} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
