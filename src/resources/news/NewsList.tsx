import { FunctionField, ListBase, TextField } from 'react-admin';
import { Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ActionButton } from '../../common/ActionButton';
import { CardTitle } from '../../common/CardTitle';
import { ListPage } from '../../common/ListPage';
import { RequirePermission } from '../../common/NotPermitted';
import { ResponsiveList } from '../../common/ResponsiveList';
import { RemoveButton } from '../../common/RemoveButton';
import { RowLink } from '../../common/RowLink';
import { useActor } from '../../common/useActor';
import { useStruckRows } from '../../common/useStruckRows';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { can } from '../../domain/access';
import { format, rc } from '../../domain/messages';
import type { NewsJson } from '../../domain/schemas/news';
import { useLeaveOnError } from '../../common/useLeaveOnError';

const f = rc.news.fields;
const title = rc.news.titles.newsfeed;
type Row = NewsJson & { id: number };

/** The news text as written: line breaks kept, long words wrapped. */
function NewsText({ text }: { text: string }) {
  return (
    <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  );
}

/**
 * /NewsBrowse (spec §2 News): the newsfeed, newest first (date, then id), each item's date, title
 * and text with its line breaks; sortable and paged like every list; cards on a phone. Level 9+:
 * titles link to /NewsEdit/{id}, Add, and Remove with confirmation (not for items 1 and below,
 * hasChildren 'Y'); a removed item is struck through, then dropped. Read by every level but 3
 * (docs/decisions.md). A failed load shows its message and goes to /.
 */
export function NewsList() {
  return (
    <RequirePermission action="news:read">
      <NewsListPage />
    </RequirePermission>
  );
}

function NewsListPage() {
  const leave = useLeaveOnError();
  const { actor } = useActor();
  const canWrite = can(actor, 'news:write');
  const struck = useStruckRows();
  const heading = (r: Row) => (canWrite ? <RowLink to={`/NewsEdit/${r.newsId}`} ariaLabel={format(f.editOf, { title: r.shortDesc })}>{r.shortDesc}</RowLink> : r.shortDesc);
  const remove = (r: Row) =>
    canWrite && r.hasChildren !== 'Y' && !struck.isStruck(r.id) ? (
      <RemoveButton resource="news" record={r} content={r.shortDesc} onRemoved={struck.markRemoved} ariaLabel={`${rc.app.remove} ${r.shortDesc}`} />
    ) : null;
  return (
    <ListBase
      resource="news"
      sort={{ field: 'dateEntered', order: 'DESC' }}
      perPage={DEFAULT_PAGE_SIZE}
      disableSyncWithLocation
      storeKey={false}
      queryOptions={{ onError: leave }}
    >
      <ListPage
        title={title}
        actions={canWrite && <ActionButton label={rc.app.add} icon={<AddIcon />} to="/NewsEdit" variant="contained" />}
      >
        <ResponsiveList<Row>
          label={title}
          struck={struck}
          sortFields={[
            { field: 'dateEntered', label: f.dateEntered },
            { field: 'shortDesc', label: f.shortDesc },
          ]}
          card={(r) => (
            <>
              <CardTitle>{heading(r)}</CardTitle>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {r.dateEntered}
              </Typography>
              <NewsText text={r.newsText} />
              {remove(r)}
            </>
          )}
        >
          <TextField label={f.dateEntered} source="dateEntered" sx={{ whiteSpace: 'nowrap' }} />
          <FunctionField<Row> label={f.shortDesc} sortBy="shortDesc" render={heading} />
          <FunctionField<Row> label={f.newsText} sortable={false} render={(r) => <NewsText text={r.newsText} />} />
          {canWrite && <FunctionField<Row> label={rc.app.remove} sortable={false} render={remove} />}
        </ResponsiveList>
      </ListPage>
    </ListBase>
  );
}
