import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { OpenField } from '../OpenField';
import { saveBlob } from '../../common/download';
import { rc } from '../../domain/messages';
import { PASSKEY_NAME_MAX } from '../../domain/secondFactor';
import { confirmTotp, errorText, registerPasskey, startTotpSetup, type FactorAdded } from './api';

const sf = rc.secondFactor;

/** Buttons of these steps: finger-sized, and never wider than a 375 px phone. */
const buttonSx = { minHeight: 40, maxWidth: '100%' } as const;

export interface CodeFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The message under the field (a refusal), else the help line. */
  error?: string | null;
  disabled?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
  /** Only the authenticator app's code counts here (the set-up's confirmation): the help says so. */
  appOnly?: boolean;
}

/**
 * The Code field of every step: a TOTP code or a recovery code, so plain text (recovery codes
 * have letters) with the browser's one-time-code autofill. `appOnly`: the set-up's confirmation,
 * where only the app's code counts.
 */
export function CodeField({ id, value, onChange, error, disabled, inputRef, appOnly }: CodeFieldProps) {
  return (
    <OpenField
      id={id}
      name="code"
      label={sf.verify.code}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="one-time-code"
      required
      error={!!error}
      helperText={error || (appOnly ? sf.enrol.codeHelp : sf.verify.codeHelp)}
      disabled={disabled}
      inputRef={inputRef}
      fullWidth
    />
  );
}

/**
 * Recovery codes just made, shown once: the list, Copy (to the clipboard, one a line), Download
 * (a .txt file) and 'I have saved my codes', which calls `onDone`. `done`, when given, confirms
 * what made them (a factor just added) above the list: a snackbar would sit over the button on a
 * phone, and pause while a finger rests on it.
 */
export function RecoveryCodes({ codes, onDone, done }: { codes: string[]; onDone: () => void; done?: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `${codes.join('\n')}\n`;
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied(sf.steps.recoveryCopied),
      (e: unknown) => setCopied(errorText(e)),
    );
  };
  const download = () => saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), sf.enrol.recoveryFileName);
  return (
    <Box component="section" aria-labelledby="recovery-codes-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id="recovery-codes-heading" tabIndex={-1} ref={heading} sx={{ outline: 'none' }}>
        {sf.enrol.recoveryTitle}
      </Typography>
      {done && (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      )}
      <Alert severity="warning">{sf.enrol.recoveryIntro}</Alert>
      <Box
        component="ol"
        aria-label={sf.enrol.recoveryTitle}
        sx={{ m: 0, pl: 4, columns: { xs: 1, sm: 2 }, fontFamily: 'monospace', fontSize: '1.05rem', userSelect: 'all', '& li': { py: 0.25 } }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy} sx={buttonSx}>
          {sf.enrol.recoveryCopy}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download} sx={buttonSx}>
          {sf.enrol.recoveryDownload}
        </Button>
      </Box>
      {copied && (
        <Typography variant="body2" role="status">
          {copied}
        </Typography>
      )}
      <Box>
        <Button variant="contained" onClick={onDone} sx={buttonSx}>
          {sf.enrol.recoveryDone}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * Setting up the authenticator app (the 'enrol' step of /TwoFactor and My Settings): POST
 * /api/twoFactor/totp/setup as it opens, the QR code and the key as text, then a code and Confirm
 * (POST /api/twoFactor/totp/confirm). A wrong code or another refusal shows the server's message
 * under the field; a confirmed app calls `onAdded` with the answer (the user, recovery codes the
 * first time). `onCancel` adds a Cancel button.
 */
export function TotpSetupPanel({ onAdded, onCancel }: { onAdded: (added: FactorAdded) => void; onCancel?: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const setup = useMutation({ mutationFn: startTotpSetup });
  const confirm = useMutation({
    mutationFn: confirmTotp,
    onSuccess: onAdded,
    onError: (e) => {
      setError(errorText(e));
      codeInput.current?.focus();
      codeInput.current?.select();
    },
  });
  const { mutate: start } = setup;
  useEffect(() => start(), [start]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    if (!code.trim()) {
      setError(sf.steps.codeRequired);
      codeInput.current?.focus();
      return;
    }
    setError(null);
    confirm.mutate(code);
  };

  if (setup.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => start()}>
            {rc.load.retry}
          </Button>
        }
      >
        {errorText(setup.error)}
      </Alert>
    );
  }
  if (!setup.data) return <CircularProgress size={24} aria-label={rc.app.loading} />;
  const { qrSvg, secret } = setup.data;
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <Typography variant="body2">{sf.enrol.scan}</Typography>
      <Box
        component="img"
        src={`data:image/svg+xml;utf8,${encodeURIComponent(qrSvg)}`}
        alt={sf.enrol.qrAlt}
        sx={{ width: 200, height: 200, maxWidth: '100%', alignSelf: 'center', bgcolor: '#fff' }}
      />
      <Typography variant="body2" id="totp-secret-label">
        {sf.enrol.secretLabel}
      </Typography>
      <Typography
        aria-labelledby="totp-secret-label"
        sx={{ fontFamily: 'monospace', fontSize: '1.05rem', userSelect: 'all', overflowWrap: 'anywhere', letterSpacing: '0.05em' }}
        data-testid="totp-secret"
      >
        {secret}
      </Typography>
      <CodeField id="totp-code" value={code} onChange={setCode} error={error} disabled={confirm.isPending} inputRef={codeInput} appOnly />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={confirm.isPending}
          startIcon={confirm.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : null}
          sx={buttonSx}
        >
          {sf.enrol.confirm}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={confirm.isPending} sx={buttonSx}>
            {sf.steps.setupCancel}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/**
 * Registering a passkey on this device (the 'enrol' step of /TwoFactor and My Settings): its name
 * (required, at most PASSKEY_NAME_MAX characters), then the browser's prompt
 * (src/custom/twoFactor/api.ts registerPasskey). A cancelled prompt or a server refusal shows
 * its message; a passkey made calls `onAdded` with the answer.
 */
export function PasskeyAddForm({ idPrefix, onAdded }: { idPrefix: string; onAdded: (added: FactorAdded) => void }) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const register = useMutation({
    mutationFn: registerPasskey,
    onSuccess: (added) => {
      setName('');
      onAdded(added);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    if (!name.trim()) {
      setNameError(rc.validation.required);
      nameInput.current?.focus();
      return;
    }
    setNameError(null);
    register.mutate(name.slice(0, PASSKEY_NAME_MAX));
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      {register.isError && (
        <Alert severity="error" role="alert">
          {errorText(register.error)}
        </Alert>
      )}
      <OpenField
        id={`${idPrefix}-passkey-name`}
        name="passkeyName"
        label={sf.settings.passkeyName}
        value={name}
        onChange={(e) => setName(e.target.value.slice(0, PASSKEY_NAME_MAX))}
        autoComplete="off"
        required
        error={!!nameError}
        helperText={nameError || sf.settings.passkeyNameHelp}
        disabled={register.isPending}
        inputRef={nameInput}
        fullWidth
      />
      <Box>
        <Button
          type="submit"
          variant="outlined"
          disabled={register.isPending}
          startIcon={register.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : null}
          sx={buttonSx}
        >
          {sf.steps.passkeyRegister}
        </Button>
      </Box>
    </Box>
  );
}
