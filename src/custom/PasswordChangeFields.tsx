import type { RefObject } from 'react';
import { Alert, Typography } from '@mui/material';
import { rc } from '../domain/messages';
import { truncatePassword, validateNewPassword } from '../domain/password';
import { PasswordField } from './PasswordField';
import { OpenField } from './OpenField';

/** The values of the Change Password form. */
export interface PasswordValues {
  login: string;
  oldPassword: string;
  newPassword: string;
  verifyPassword: string;
}

export type PasswordFieldName = keyof PasswordValues;

const pc = rc.auth.passwordChange;

/** The fields in the order the page shows them (the login only when the session does not know it). */
export const passwordFieldsOf = (askLogin: boolean): PasswordFieldName[] =>
  askLogin ? ['login', 'oldPassword', 'newPassword', 'verifyPassword'] : ['oldPassword', 'newPassword', 'verifyPassword'];

/**
 * The message under each field of Change Password (spec §5), as the form checks it on Submit:
 * 'Required' for an empty field; the new password's rule (8-12 alphanumerics starting with a
 * letter); 'Passwords do not match!' for a verification that differs. Fields without a message
 * are left out.
 */
export function passwordErrors(values: PasswordValues, askLogin: boolean): Partial<Record<PasswordFieldName, string>> {
  const errors: Partial<Record<PasswordFieldName, string>> = {};
  for (const field of passwordFieldsOf(askLogin)) if (values[field].trim() === '') errors[field] = rc.validation.required;
  if (!errors.newPassword) {
    const rule = validateNewPassword(values.newPassword);
    if (rule) errors.newPassword = rule;
  }
  if (!errors.verifyPassword && validateNewPassword(values.newPassword, values.verifyPassword) === pc.mismatch) errors.verifyPassword = pc.mismatch;
  return errors;
}

const LABELS: Record<PasswordFieldName, string> = { login: rc.auth.login.login, oldPassword: pc.current, newPassword: pc.newPassword, verifyPassword: pc.verify };
const AUTOCOMPLETE: Record<PasswordFieldName, string> = { login: 'username', oldPassword: 'current-password', newPassword: 'new-password', verifyPassword: 'new-password' };

/**
 * The fields of Change Password (spec §2, §5): the server's refusal (`error`), the rule and
 * truncation note, the login when the session does not know it, then current, new and verify,
 * each truncated to 12 characters as typed. Plain MUI fields (the page is part of the
 * first download, like /Login). `errors` shows under each field; disabled while `busy`.
 */
export function PasswordChangeFields({ values, onChange, errors, inputs, askLogin, busy, error }: {
  values: PasswordValues;
  onChange: (field: PasswordFieldName, value: string) => void;
  errors: Partial<Record<PasswordFieldName, string>>;
  inputs: Record<PasswordFieldName, RefObject<HTMLInputElement | null>>;
  askLogin: boolean;
  busy: boolean;
  error: string | null;
}) {
  const props = (field: PasswordFieldName) => ({
    id: field,
    name: field,
    label: LABELS[field],
    value: values[field],
    inputRef: inputs[field],
    required: true,
    error: !!errors[field],
    helperText: errors[field] ?? ' ',
    autoComplete: AUTOCOMPLETE[field],
    fullWidth: true,
    disabled: busy,
  });
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      <Typography variant="body2" sx={{ mb: 2 }} id="password-note">
        {pc.note}
      </Typography>
      {askLogin && <OpenField {...props('login')} onChange={(e) => onChange('login', e.target.value)} />}
      {passwordFieldsOf(false).map((field) => (
        <PasswordField
          key={field}
          {...props(field)}
          onChange={(e) => onChange(field, truncatePassword(e.target.value))}
          describedBy={field === 'newPassword' ? 'password-note' : undefined}
        />
      ))}
    </>
  );
}
