import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { useInput, useTranslate } from 'react-admin';
import { dayjs } from '../../domain/dates';
import { DATE_FORMAT, TIME_FORMAT, TIME_STEP_MINUTES } from '../../domain/constants';

interface PickerProps {
  source: string;
  label: string;
  /** Shown but not changeable (e.g. the times of an event with time tickets). */
  readOnly?: boolean;
}

function useStringInput(source: string) {
  const { field, fieldState, formState, id } = useInput({ source });
  const translate = useTranslate();
  // form-level validation wraps the message as { message } (react-admin simple validation resolver)
  const raw = fieldState.error?.message as unknown;
  const message = typeof raw === 'string' ? raw : (raw as { message?: string } | undefined)?.message;
  const show = !!message && (fieldState.isTouched || formState.isSubmitted);
  return { field, id, error: show, helperText: show ? translate(message, { _: message }) : ' ' };
}

/** A date picker bound to a MM/DD/YYYY string field (spec §9 date format). */
export function DatePickerInput({ source, label, readOnly }: PickerProps) {
  const { field, id, error, helperText } = useStringInput(source);
  const value = field.value ? dayjs(field.value, DATE_FORMAT, true) : null;
  return (
    <DatePicker
      label={label}
      readOnly={readOnly}
      format={DATE_FORMAT}
      value={value && value.isValid() ? value : null}
      enableAccessibleFieldDOMStructure={false}
      onChange={(d) => field.onChange(d && d.isValid() ? d.format(DATE_FORMAT) : '')}
      slotProps={{ textField: { id, name: field.name, onBlur: field.onBlur, error, helperText, size: 'small', fullWidth: true } }}
    />
  );
}

/** A 24-hour time picker in 15-minute steps bound to an HH:mm string field (spec §9). */
export function TimePickerInput({ source, label, readOnly }: PickerProps) {
  const { field, id, error, helperText } = useStringInput(source);
  const value = field.value ? dayjs(field.value, TIME_FORMAT, true) : null;
  return (
    <TimePicker
      label={label}
      readOnly={readOnly}
      ampm={false}
      format={TIME_FORMAT}
      minutesStep={TIME_STEP_MINUTES}
      timeSteps={{ minutes: TIME_STEP_MINUTES }}
      value={value && value.isValid() ? value : null}
      enableAccessibleFieldDOMStructure={false}
      onChange={(d) => field.onChange(d && d.isValid() ? d.format(TIME_FORMAT) : '')}
      slotProps={{ textField: { id, name: field.name, onBlur: field.onBlur, error, helperText, size: 'small', fullWidth: true } }}
    />
  );
}
