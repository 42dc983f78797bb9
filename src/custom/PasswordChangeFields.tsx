import { PasswordInput, TextInput, required } from 'react-admin';
import { Alert, Typography } from '@mui/material';
import { rc } from '../domain/messages';
import { truncatePassword, validateNewPassword } from '../domain/password';

/** The values of the Change Password form. */
export interface PasswordValues {
  login?: string;
  oldPassword?: string;
  newPassword?: string;
  verifyPassword?: string;
}

const pc = rc.auth.passwordChange;

/** New password rule (spec §5): 8-12 alphanumerics starting with a letter. */
export const newPasswordRule = (value: unknown) => validateNewPassword(String(value ?? '')) ?? undefined;
/** Verify must equal the new password: 'Passwords do not match!'. */
export const verifyPasswordRule = (value: unknown, all: PasswordValues) =>
  validateNewPassword(all.newPassword ?? '', String(value ?? '')) === pc.mismatch ? pc.mismatch : undefined;

/** Current, new and verify: each required and truncated to 12 characters; the new one is described by the rule note. */
const PASSWORD_FIELDS = [
  { source: 'oldPassword', label: pc.current, validate: required(), autoComplete: 'current-password', describedBy: undefined },
  { source: 'newPassword', label: pc.newPassword, validate: [required(), newPasswordRule], autoComplete: 'new-password', describedBy: 'password-note' },
  { source: 'verifyPassword', label: pc.verify, validate: [required(), verifyPasswordRule], autoComplete: 'new-password', describedBy: undefined },
];

/**
 * The fields of Change Password (spec §2, §5), inside a react-admin <Form>: the server's refusal
 * (`error`), the rule and truncation note, the login when the session does not know it, then
 * current, new and verify, each truncated to 12 characters. Disabled while `busy`.
 */
export function PasswordChangeFields({ askLogin, busy, error }: { askLogin: boolean; busy: boolean; error: string | null }) {
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
      {askLogin && <TextInput source="login" label={rc.auth.login.login} validate={required()} autoComplete="username" fullWidth disabled={busy} />}
      {PASSWORD_FIELDS.map(({ source, label, validate, autoComplete, describedBy }) => (
        <PasswordInput
          key={source}
          source={source}
          label={label}
          validate={validate}
          parse={truncatePassword}
          autoComplete={autoComplete}
          inputProps={describedBy ? { 'aria-describedby': describedBy } : undefined}
          fullWidth
          disabled={busy}
        />
      ))}
    </>
  );
}
