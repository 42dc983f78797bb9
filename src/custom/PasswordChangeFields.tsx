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
      <PasswordInput
        source="oldPassword"
        label={pc.current}
        validate={required()}
        parse={truncatePassword}
        autoComplete="current-password"
        fullWidth
        disabled={busy}
      />
      <PasswordInput
        source="newPassword"
        label={pc.newPassword}
        validate={[required(), newPasswordRule]}
        parse={truncatePassword}
        autoComplete="new-password"
        inputProps={{ 'aria-describedby': 'password-note' }}
        fullWidth
        disabled={busy}
      />
      <PasswordInput
        source="verifyPassword"
        label={pc.verify}
        validate={[required(), verifyPasswordRule]}
        parse={truncatePassword}
        autoComplete="new-password"
        fullWidth
        disabled={busy}
      />
    </>
  );
}
