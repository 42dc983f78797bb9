import { useState } from 'react';
import { Checkbox, Stack, Typography } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { useActor } from '../../common/useActor';
import { format, rc } from '../../domain/messages';
import type { UploadJson } from '../../domain/schemas/uploads';
import { formatSignoff } from './uploadQuery';

type SignoffAnswer = Array<{ id: number; signoffTimestamp: string | null }>;

/**
 * The read checkbox of a 159 (spec §2 Uploads, §4 159 upload): ticking signs it off for the
 * signed-in officer (PUT /uploads/markCheckedAsRead?officerId, [{id, deleteStatus: 'Y'}]) and the
 * sign-off time the server answers shows beside it (MM/DD/YYYY HH:mm, ORG_TIMEZONE). Only the
 * super user may untick a signed-off 159: for everyone else the ticked box is disabled (the server
 * refuses them too). The box always shows what the server last answered: after a refusal it stays
 * as it was and the server's message is shown.
 */
export function ReadCheckbox({ upload }: { upload: Pick<UploadJson, 'uploadId' | 'description' | 'signoffTimestamp'> }) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const notify = useNotify();
  const { actor, superUserId, tz } = useActor();
  // what the server answered to this page's last change; the record's value until then
  const [answered, setAnswered] = useState<{ value: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const signoff = answered ? answered.value : upload.signoffTimestamp;
  const locked = !!signoff && actor?.officerId !== superUserId;
  const send = async (signOff: boolean) => {
    if (!actor) return;
    setBusy(true);
    try {
      const rows = await dataProvider.api<SignoffAnswer>('PUT', '/uploads/markCheckedAsRead', {
        query: { officerId: actor.officerId },
        body: [{ id: upload.uploadId, deleteStatus: signOff ? 'Y' : '' }],
      });
      const row = Array.isArray(rows) ? rows.find((r) => r.id === upload.uploadId) : undefined;
      setAnswered({ value: row?.signoffTimestamp ?? null });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'center', columnGap: 0.5 }}>
      <Checkbox
        checked={!!signoff}
        disabled={busy || locked}
        sx={{ ml: -1.25 }}
        onChange={(e) => send(e.target.checked)}
        slotProps={{ input: { 'aria-label': format(rc.uploads.fields.readOf, { description: upload.description }) } }}
      />
      {signoff && (
        <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatSignoff(signoff, tz)}
        </Typography>
      )}
    </Stack>
  );
}
