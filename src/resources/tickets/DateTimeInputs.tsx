import type { ReactNode } from 'react';
import { useInput, ValidationError, type ValidationErrorMessage, type Validator } from 'react-admin';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { dayjs } from '../../domain/dates';
import { DATE_FORMAT, TIME_FORMAT, TIME_STEP_MINUTES } from '../../domain/constants';

interface Props {
  source: string;
  label: string;
  validate?: Validator | Validator[];
}

/** The field's error as react-admin shows it (a string, or { message, args } from form-level validation). */
function errorText(error: { message?: unknown } | undefined): ReactNode {
  return error?.message ? <ValidationError error={error.message as ValidationErrorMessage} /> : undefined;
}

/** The picker's text field: labelled by its source, with the form's error and a phone-wide width. */
function textFieldProps({ field, fieldState, isRequired }: ReturnType<typeof useInput>, deskWidth: number) {
  return {
    id: field.name,
    name: field.name,
    onBlur: field.onBlur,
    required: isRequired,
    error: !!fieldState.error,
    helperText: errorText(fieldState.error),
    size: 'small' as const,
    margin: 'dense' as const,
    sx: { width: { xs: '100%', sm: deskWidth } },
  };
}

/** A date input holding 'MM/DD/YYYY' in the form (spec §9 date format), with a calendar picker. */
export function DateStringInput({ source, label, validate }: Props) {
  const input = useInput({ source, validate });
  const { field } = input;
  const parsed = field.value ? dayjs(field.value, DATE_FORMAT, true) : null;
  return (
    <DatePicker
      label={label}
      format={DATE_FORMAT}
      value={parsed?.isValid() ? parsed : null}
      onChange={(d) => field.onChange(d && d.isValid() ? d.format(DATE_FORMAT) : '')}
      slotProps={{ textField: textFieldProps(input, 190) }}
    />
  );
}

/** A 24-hour time input holding 'HH:mm' in 15-minute steps (spec §2, §9). */
export function TimeStringInput({ source, label, validate }: Props) {
  const input = useInput({ source, validate });
  const { field } = input;
  const parsed = field.value ? dayjs(`2000-01-01 ${field.value}`, `YYYY-MM-DD ${TIME_FORMAT}`, true) : null;
  return (
    <TimePicker
      label={label}
      ampm={false}
      format={TIME_FORMAT}
      timeSteps={{ hours: 1, minutes: TIME_STEP_MINUTES }}
      value={parsed?.isValid() ? parsed : null}
      onChange={(d) => field.onChange(d && d.isValid() ? d.format(TIME_FORMAT) : '')}
      slotProps={{ textField: textFieldProps(input, 150) }}
    />
  );
}
