import { useEffect, useState, type FocusEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useDataProvider, useNotify } from 'react-admin';
import { Alert, Box, Button, FormControlLabel, FormGroup, MenuItem, Paper, Switch, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import AddLinkIcon from '@mui/icons-material/AddLink';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { PageHeading } from '../../common/PageHeading';
import { useActor } from '../../common/useActor';
import { useLookup, type Choice } from '../../common/lookups';
import { ACCESS } from '../../domain/constants';
import { format, rc } from '../../domain/messages';
import { remindersFor, type FeedScope } from '../../domain/reminders';
import type { FeedCreateBody, FeedCreated, FeedInfo, MySettings as MySettingsJson, ReminderChoicesBody } from '../../domain/schemas/mySettings';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { TwoStepSettings } from './TwoStepSettings';

const t = rc.settings;
const SETTINGS_KEY = ['rollcall-mySettings'] as const;


const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * /MySettings (from the app bar's My Settings, every level): his private calendar feed of his own
 * sign-ups (level 5+ also one of details, filtered by precinct and event type), and his reminder
 * choices, one switch per kind he can receive. GET /api/mySettings; a feed is made with POST
 * /api/mySettings/feeds, whose answer is the only time its address is seen (it shows with Copy
 * and a QR code until he leaves the page), and stopped with DELETE /api/mySettings/feeds/{scope}.
 * A switch saves at once (PUT /api/mySettings/reminders). Without a confirmed e-mail address a
 * note says reminders come only as notices under the bell. Last, his two-step sign-in
 * (TwoStepSettings).
 */
export function MySettings() {
  const { actor } = useActor();
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const { data, isError } = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => dataProvider.api<MySettingsJson>('GET', '/mySettings') });
  if (isError) {
    return (
      <Box component="section" sx={{ pb: 2 }}>
        <PageHeading>{t.title}</PageHeading>
        <Alert severity="error">{t.loadFailed}</Alert>
      </Box>
    );
  }
  if (!data || !actor) return <Loading />;
  const supervisor = actor.accessLevel >= ACCESS.SUPERVISOR;
  return (
    <Box component="section" sx={{ minWidth: 0, maxWidth: 720, pb: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <PageHeading>{t.title}</PageHeading>
      <Paper variant="outlined" component="section" aria-labelledby="feeds-heading" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" id="feeds-heading">
          {t.feeds.heading}
        </Typography>
        <Typography variant="body2" sx={{ my: 1 }}>
          {t.feeds.intro}
        </Typography>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t.feeds.onceNote}
        </Alert>
        <FeedPanel scope="signups" title={t.feeds.signups} feed={data.feeds.find((f) => f.scope === 'signups')} />
        {supervisor && (
          <FeedPanel scope="details" title={t.feeds.details} intro={t.feeds.detailsIntro} feed={data.feeds.find((f) => f.scope === 'details')} filters />
        )}
      </Paper>
      <Reminders settings={data} level={actor.accessLevel} />
      <TwoStepSettings />
    </Box>
  );
}

/** A labelled select of a details feed's filter, 'All' first. */
function FeedFilter({ id, label, value, choices, onChange }: { id: string; label: string; value: string; choices: Choice[]; onChange: (v: string) => void }) {
  return (
    <TextField id={id} select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 180, flex: '1 1 180px' }}>
      <MenuItem value="">{t.feeds.all}</MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * One feed: when it was made and last read, Make (or make a new one, replacing it) and Stop; the
 * address of one just made, with Copy and its QR code. `filters`: the details feed's precinct and
 * event type selects.
 */
function FeedPanel({ scope, title, intro, feed, filters = false }: { scope: FeedScope; title: string; intro?: string; feed: FeedInfo | undefined; filters?: boolean }) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [created, setCreated] = useState<FeedCreated | null>(null);
  const [precinctId, setPrecinctId] = useState('');
  const precincts = useLookup('precincts', filters);
  const headingId = `feed-${scope}-heading`;

  const create = useMutation({
    mutationFn: () => {
      const body: FeedCreateBody = { scope };
      if (filters) {
        body.precinctId = precinctId ? Number(precinctId) : null;
      }
      return dataProvider.api<FeedCreated>('POST', '/mySettings/feeds', { body });
    },
    onSuccess: (made) => {
      setCreated(made);
      void queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    },
    onError: (e) => notify(errorText(e), { type: 'error' }),
  });
  const revoke = useMutation({
    mutationFn: () => dataProvider.api('DELETE', `/mySettings/feeds/${scope}`),
    onSuccess: () => {
      setCreated(null);
      notify(t.feeds.revoked, { type: 'info' });
      void queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    },
    onError: (e) => notify(errorText(e), { type: 'error' }),
  });
  const busy = create.isPending || revoke.isPending;

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" id={headingId} sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {intro && <Typography variant="body2">{intro}</Typography>}
      <Typography variant="body2" sx={{ my: 1 }} data-testid={`feed-${scope}-state`}>
        {feed
          ? `${format(t.feeds.made, { created: feed.createdAt })} ${feed.lastFetchedAt ? format(t.feeds.lastRead, { fetched: feed.lastFetchedAt }) : t.feeds.neverRead}`
          : t.feeds.none}
      </Typography>
      {filters && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <FeedFilter id={`feed-${scope}-precinct`} label={t.feeds.precinct} value={precinctId} choices={precincts} onChange={setPrecinctId} />
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" startIcon={<AddLinkIcon />} disabled={busy} onClick={() => create.mutate()} sx={{ minHeight: 40 }}>
          {feed ? t.feeds.replace : t.feeds.create}
        </Button>
        {feed && (
          <Button variant="outlined" color="error" startIcon={<LinkOffIcon />} disabled={busy} onClick={() => revoke.mutate()} sx={{ minHeight: 40 }}>
            {t.feeds.revoke}
          </Button>
        )}
      </Box>
      {created && <NewFeedAddress url={created.url} id={`feed-${scope}-url`} />}
    </Box>
  );
}

/** The address of the feed just made: read-only, Copy, and a QR code for a phone's camera (the qrcode library, fetched now). */
function NewFeedAddress({ url, id }: { url: string; id: string }) {
  const notify = useNotify();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((QRCode) => QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => live && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch((e: unknown) => console.error(errorText(e)));
    return () => {
      live = false;
    };
  }, [url]);
  const copy = () => {
    navigator.clipboard.writeText(url).then(
      () => notify(t.feeds.copied, { type: 'info' }),
      (e: unknown) => notify(errorText(e), { type: 'error' }),
    );
  };
  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Alert severity="success">{t.feeds.created}</Alert>
      <TextField
        id={id}
        label={t.feeds.urlLabel}
        value={url}
        fullWidth
        slotProps={{ input: { readOnly: true }, htmlInput: { onFocus: (e: FocusEvent<HTMLInputElement>) => e.target.select() } }}
      />
      <Box>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy} sx={{ minHeight: 40 }}>
          {t.feeds.copy}
        </Button>
      </Box>
      {qr && <Box component="img" src={qr} alt={t.feeds.qr} sx={{ width: 200, height: 200, maxWidth: '100%' }} />}
    </Box>
  );
}

/** The reminder switches, each saved at once; the answer of the PUT becomes the page's settings. */
function Reminders({ settings, level }: { settings: MySettingsJson; level: number }) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const save = useMutation({
    mutationFn: (body: ReminderChoicesBody) => dataProvider.api<MySettingsJson>('PUT', '/mySettings/reminders', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      notify(t.reminders.saved, { type: 'info' });
    },
    onError: (e) => notify(errorText(e), { type: 'error' }),
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="reminders-heading" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="reminders-heading">
        {t.reminders.heading}
      </Typography>
      <Typography variant="body2" sx={{ my: 1 }}>
        {t.reminders.intro}
      </Typography>
      {!settings.hasEmail && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t.reminders.noEmail}
        </Alert>
      )}
      <FormGroup>
        {remindersFor(level).map((kind) => (
          <FormControlLabel
            key={kind}
            control={<Switch checked={settings.reminders[kind]} disabled={save.isPending} onChange={(e) => save.mutate({ [kind]: e.target.checked })} />}
            label={rc.reminders.kinds[kind]}
            sx={{ my: 0.5 }}
          />
        ))}
      </FormGroup>
    </Paper>
  );
}
