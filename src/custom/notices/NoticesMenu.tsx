import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Box, Divider, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { NOTICES_KEY, useNotices } from './noticesQuery';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import type { Notice, NoticeList } from '../../domain/schemas/mySettings';
import { rc } from '../../domain/messages';

const t = rc.notices;

/** Visually hidden, read by screen readers. */
const srOnly = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * The list under the bell (a menu: arrow keys move, Escape closes): his newest notices, unread in
 * bold with 'Unread' for screen readers, each with its date; choosing one marks it read (PUT
 * /api/notices/read {ids}) and opens its link in the app; 'Mark all read' marks every one. The
 * answer of the PUT is the bell's new list.
 */
export function NoticesMenu({ anchorEl, onClose }: { anchorEl: HTMLElement; onClose: () => void }) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const { data } = useNotices();
  const markRead = useMutation({
    mutationFn: (ids?: number[]) => dataProvider.api<NoticeList>('PUT', '/notices/read', { body: ids ? { ids } : {} }),
    onSuccess: (list) => queryClient.setQueryData(NOTICES_KEY, list),
    onError: (e) => notify(e instanceof Error ? e.message : String(e), { type: 'error' }),
  });
  const notices = data?.notices ?? [];
  const open = (n: Notice) => {
    if (!n.read) markRead.mutate([n.id]);
    onClose();
    navigate(n.link);
  };
  return (
    <Menu
      id="notices-menu"
      anchorEl={anchorEl}
      open
      onClose={onClose}
      slotProps={{ list: { 'aria-label': t.title, dense: true }, paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)', maxHeight: '70vh' } } }}
    >
      {notices.length === 0 && (
        <MenuItem disabled>
          <Typography variant="body2">{t.none}</Typography>
        </MenuItem>
      )}
      {notices.map((n) => (
        <MenuItem key={n.id} onClick={() => open(n)} sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }}>
          <ListItemText
            primary={
              <>
                {!n.read && <Box component="span" sx={srOnly}>{`${t.unread}: `}</Box>}
                {n.title}
              </>
            }
            secondary={`${n.body} · ${n.createdAt}`}
            slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 700 } } }}
          />
        </MenuItem>
      ))}
      {notices.length > 0 && <Divider />}
      {notices.length > 0 && (
        <MenuItem disabled={!data?.unread || markRead.isPending} onClick={() => markRead.mutate(undefined)}>
          <DoneAllIcon fontSize="small" sx={{ mr: 1 }} />
          {t.markAllRead}
        </MenuItem>
      )}
    </Menu>
  );
}
