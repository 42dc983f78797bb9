import type { ReactNode } from 'react';
import { useInput, ValidationError, type ValidationErrorMessage, type Validator } from 'react-admin';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { dayjs } from '../domain/dates';
import { DATE_FORMAT, TIME_FORMAT, TIME_STEP_MINUTES } from '../domain/constants';

export interface DateTimeInputProps {
  source: string;
  label: string;
  validate?: Validator | Validator[];
  /** Shown but not changeable (e.g. the times of an event with time tickets). */
  readOnly?: boolean;
}

/** The field's error as react-admin shows it (a string, or { message, args } from form-level validation). */
function errorText(error: { message?: unknown } | undefined, show: boolean): ReactNode {
  return show && error?.message ? <ValidationError error={error.message as ValidationErrorMessage} /> : ' ';
}

/**
 * The picker's text field, set up like every react-admin input of the app (the theme's variant,
 * size and margin): labelled, with the form's error once touched or submitted, full width on a
 * phone and `deskWidth` px beside its partner on wider screens.
 */
function textFieldProps({ field, fieldState, formState, isRequired }: ReturnType<typeof useInput>, deskWidth: number) {
  const show = !!fieldState.error && (fieldState.isTouched || formState.isSubmitted);
  return {
    id: field.name,
    name: field.name,
    onBlur: field.onBlur,
    required: isRequired,
    error: show,
    helperText: errorText(fieldState.error, show),
    sx: { width: { xs: '100%', sm: deskWidth } },
  };
}

/**
 * The pickers' dayjs adapter, here rather than around the whole app, so the pickers load only
 * with the pages that have date or time fields (/Login loads little).
 */
function DayjsLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en">
      {children}
    </LocalizationProvider>
  );
}

/** The one date input of the app: holds 'MM/DD/YYYY' in the form (spec §9), with a calendar picker. */
export function DateInput({ source, label, validate, readOnly }: DateTimeInputProps) {
  const input = useInput({ source, validate });
  const { field } = input;
  const parsed = field.value ? dayjs(field.value, DATE_FORMAT, true) : null;
  return (
    <DayjsLocalization>
      <DatePicker
        label={label}
        format={DATE_FORMAT}
        readOnly={readOnly}
        value={parsed?.isValid() ? parsed : null}
        enableAccessibleFieldDOMStructure={false}
        onChange={(d) => field.onChange(d && d.isValid() ? d.format(DATE_FORMAT) : '')}
        slotProps={{ textField: textFieldProps(input, 200) }}
      />
    </DayjsLocalization>
  );
}

/** The one time input of the app: holds 'HH:mm', 24-hour, in 15-minute steps (spec §2, §9). */
export function TimeInput({ source, label, validate, readOnly }: DateTimeInputProps) {
  const input = useInput({ source, validate });
  const { field } = input;
  const parsed = field.value ? dayjs(`2000-01-01 ${field.value}`, `YYYY-MM-DD ${TIME_FORMAT}`, true) : null;
  return (
    <DayjsLocalization>
      <TimePicker
        label={label}
        ampm={false}
        format={TIME_FORMAT}
        readOnly={readOnly}
        timeSteps={{ hours: 1, minutes: TIME_STEP_MINUTES }}
        value={parsed?.isValid() ? parsed : null}
        enableAccessibleFieldDOMStructure={false}
        onChange={(d) => field.onChange(d && d.isValid() ? d.format(TIME_FORMAT) : '')}
        slotProps={{ textField: textFieldProps(input, 160) }}
      />
    </DayjsLocalization>
  );
}
