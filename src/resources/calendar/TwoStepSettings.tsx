import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Paper, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { format, rc } from '../../domain/messages';
import type { PasskeyInfo, TwoFactorStatus } from '../../domain/schemas/secondFactor';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { errorText, passkeysSupported, turnOffTotp, type FactorAdded } from '../../custom/twoFactor/api';
import { CodeField, PasskeyAddForm, RecoveryCodes, TotpSetupPanel } from '../../custom/twoFactor/SetupParts';

const sf = rc.secondFactor;
const s = sf.settings;
/** The react-query key of GET /api/twoFactor. */
export const TWO_FACTOR_KEY = ['rollcall-twoFactor'] as const;
const buttonSx = { minHeight: 40, maxWidth: '100%' } as const;

/**
 * The Two-step sign-in section of My Settings (decision 029): GET /api/twoFactor, then
 * - the authenticator app, on (since when) or off: 'Set up' opens the same set-up as the sign-in's
 *   enrol step (TotpSetupPanel); 'Turn off' asks for a current code (DELETE /api/twoFactor/totp);
 * - recovery codes left, and 'Make new recovery codes' after a confirmation (POST
 *   /api/twoFactor/recoveryCodes);
 * - his passkeys (name, added, last used), each with Remove after a confirmation (DELETE
 *   /api/passkeys/{id}), and Add (a name, then the browser's prompt).
 * Codes just made show once (RecoveryCodes). A refusal (409 lastFactor, a wrong code…) shows the
 * server's message. react-query holds the status; every change refreshes it.
 */
export function TwoStepSettings() {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { data, isError } = useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: () => dataProvider.api<TwoFactorStatus>('GET', '/twoFactor') });
  const [codes, setCodes] = useState<{ codes: string[]; done?: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
  /** A factor just added: its recovery codes (the first factor's) show once, confirming it above them; otherwise a notification does. */
  const onAdded = (added: FactorAdded) => {
    if (added.recoveryCodes?.length) setCodes({ codes: added.recoveryCodes, done: s.added });
    else notify(s.added, { type: 'info' });
    void refresh();
  };

  let body;
  if (isError) body = <Alert severity="error">{sf.steps.loadFailed}</Alert>;
  else if (!data) body = <CircularProgress size={24} aria-label={rc.app.loading} />;
  else if (codes) body = <RecoveryCodes codes={codes.codes} done={codes.done} onDone={() => setCodes(null)} />;
  else {
    body = (
      <>
        {data.required && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {s.required}
          </Alert>
        )}
        <TotpPart status={data} onAdded={onAdded} />
        <RecoveryPart status={data} onCodes={(made) => setCodes({ codes: made })} />
        <PasskeysPart status={data} onAdded={onAdded} />
      </>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby="two-step-heading" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id="two-step-heading" sx={{ mb: 1 }}>
        {s.title}
      </Typography>
      {body}
    </Paper>
  );
}

/** A part of the section: its sub-heading and what follows. */
function Part({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" id={id} sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function TotpPart({ status, onAdded }: { status: TwoFactorStatus; onAdded: (added: FactorAdded) => void }) {
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  return (
    <Part id="two-step-totp" title={s.totp}>
      <Typography variant="body2" data-testid="totp-state">
        {status.totp ? format(s.totpOn, { date: status.totpSince ?? '' }) : s.totpOff}
      </Typography>
      {settingUp ? (
        <TotpSetupPanel
          onAdded={(added) => {
            setSettingUp(false);
            onAdded(added);
          }}
          onCancel={() => setSettingUp(false)}
        />
      ) : (
        <Box>
          {status.totp ? (
            <Button variant="outlined" color="error" onClick={() => setTurningOff(true)} sx={buttonSx}>
              {s.totpRemove}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => setSettingUp(true)} sx={buttonSx}>
              {s.totpSetUp}
            </Button>
          )}
        </Box>
      )}
      {turningOff && <TurnOffDialog onClose={() => setTurningOff(false)} />}
    </Part>
  );
}

/** Asks a current code (or a recovery code) and turns the app off; a wrong code or a refusal shows under the field. */
function TurnOffDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const turnOff = useMutation({
    // not through the dataProvider: its 401 would sign him out, and here a 401 is a wrong code
    mutationFn: turnOffTotp,
    onSuccess: (status) => {
      notify(s.removed, { type: 'info' });
      // the removal answers his status: no second request for it
      queryClient.setQueryData(TWO_FACTOR_KEY, status);
      onClose();
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (turnOff.isPending) return;
    if (!code.trim()) {
      setError(sf.steps.codeRequired);
      return;
    }
    setError(null);
    turnOff.mutate(code);
  };
  return (
    <Dialog open onClose={turnOff.isPending ? undefined : onClose} aria-labelledby="totp-off-title" fullWidth maxWidth="xs">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="totp-off-title">{s.totpRemove}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{s.totpRemoveConfirm}</DialogContentText>
          <CodeField id="totp-off-code" value={code} onChange={setCode} error={error} disabled={turnOff.isPending} />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap' }}>
          <Button onClick={onClose} disabled={turnOff.isPending} sx={buttonSx}>
            {rc.app.cancel}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={turnOff.isPending} sx={buttonSx}>
            {s.totpRemove}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function RecoveryPart({ status, onCodes }: { status: TwoFactorStatus; onCodes: (codes: string[]) => void }) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const make = useMutation({
    mutationFn: () => dataProvider.api<{ recoveryCodes: string[] }>('POST', '/twoFactor/recoveryCodes'),
    onSuccess: ({ recoveryCodes }) => {
      onCodes(recoveryCodes);
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
    },
    onError: (e) => notify(errorText(e), { type: 'error' }),
  });
  const hasFactor = status.totp || status.passkeys.length > 0;
  return (
    <Part id="two-step-recovery" title={s.recoveryCodes}>
      <Typography variant="body2" data-testid="recovery-state">
        {format(s.recoveryLeft, { count: status.recoveryCodesLeft })}
      </Typography>
      {hasFactor && (
        <Box>
          <Button variant="outlined" disabled={make.isPending} onClick={() => setAsking(true)} sx={buttonSx}>
            {s.recoveryNew}
          </Button>
        </Box>
      )}
      {asking && (
        <Confirm
          isOpen
          title={s.recoveryNew}
          content={s.recoveryNewConfirm}
          onConfirm={() => {
            setAsking(false);
            make.mutate();
          }}
          onClose={() => setAsking(false)}
        />
      )}
    </Part>
  );
}

function PasskeysPart({ status, onAdded }: { status: TwoFactorStatus; onAdded: (added: FactorAdded) => void }) {
  const [adding, setAdding] = useState(false);
  return (
    <Part id="two-step-passkeys" title={s.passkeys}>
      {status.passkeys.length === 0 ? (
        <Typography variant="body2">{s.noPasskeys}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {status.passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </Box>
      )}
      {passkeysSupported() &&
        (adding ? (
          <PasskeyAddForm
            idPrefix="settings"
            onAdded={(added) => {
              setAdding(false);
              onAdded(added);
            }}
          />
        ) : (
          <Box>
            <Button variant="outlined" onClick={() => setAdding(true)} sx={buttonSx}>
              {s.passkeyAdd}
            </Button>
          </Box>
        ))}
    </Part>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeyInfo }) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => dataProvider.api<TwoFactorStatus>('DELETE', `/passkeys/${encodeURIComponent(passkey.id)}`),
    onSuccess: (status) => {
      queryClient.setQueryData(TWO_FACTOR_KEY, status);
      notify(s.removed, { type: 'info' });
    },
    onError: (e) => notify(errorText(e), { type: 'error' }),
  });
  const used = passkey.lastUsedAt ? format(s.passkeyLastUsed, { date: passkey.lastUsedAt }) : s.passkeyNeverUsed;
  return (
    <Box component="li" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between', minWidth: 0 }}>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography variant="body1">{passkey.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {`${format(s.passkeyCreated, { date: passkey.createdAt })}, ${used}`}
        </Typography>
      </Box>
      <Button
        color="error"
        startIcon={<DeleteIcon />}
        disabled={remove.isPending}
        onClick={() => setAsking(true)}
        aria-label={format(s.passkeyRemove, { name: passkey.name })}
        sx={buttonSx}
      >
        {rc.app.remove}
      </Button>
      {asking && (
        <Confirm
          isOpen
          title={format(s.passkeyRemove, { name: passkey.name })}
          content={format(s.passkeyRemoveConfirm, { name: passkey.name })}
          onConfirm={() => {
            setAsking(false);
            remove.mutate();
          }}
          onClose={() => setAsking(false)}
        />
      )}
    </Box>
  );
}
