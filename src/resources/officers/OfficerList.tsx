import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { FilterLiveSearch, FunctionField, ListBase, TextField, useListContext } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ListPage } from '../../common/ListPage';
import { ResponsiveList } from '../../common/ResponsiveList';
import { LabeledValues } from '../../common/LabeledValues';
import { RemoveButton } from '../../common/RemoveButton';
import { RowLink } from '../../common/RowLink';
import { ActionButton } from '../../common/ActionButton';
import { CardTitle } from '../../common/CardTitle';
import { RequirePermission } from '../../common/NotPermitted';
import { useActor } from '../../common/useActor';
import { useStruckRows } from '../../common/useStruckRows';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { fromInstant, quickRange } from '../../domain/dates';
import { isExemptOfficer } from '../../domain/profile';
import { format, rc } from '../../domain/messages';
import type { OfficerJson } from '../../domain/schemas/officers';

const l = rc.officers.list;
const title = rc.officers.titles.list;
type Row = OfficerJson & { id: number };

const alertSx = { color: 'error.main', fontWeight: 700 } as const;
const fullName = (r: Row) => `${r.lastName}, ${r.firstName}`;

/**
 * /OfficerBrowse (spec §2 Officer list), level 10 (officer:roster): total count, 'Show Separated
 * Officers' (unchecked adds excludeSeparated=Y), sortable ID, Name, PCT, Precinct Name, Last Login,
 * Mobile, Separation Date, Unread 159s and Remove; cards on a phone. ID opens /OfficerEdit/{id}
 * keeping the filter; Name opens the officer's year-to-date time tickets (highlighted when he has
 * flagged tickets); Unread 159s opens /DownloadReport?officerId ('N/A' for exempt officers).
 * Officers with dependent records (hasChildren 'Y') cannot be removed, and the row says so.
 * 'Search the roster' sends q to the server (last or first name, officer id, login or badge
 * number), so paging, sorting and the total stay right.
 */
export function OfficerList() {
  return (
    <RequirePermission action="officer:roster">
      <OfficerListPage />
    </RequirePermission>
  );
}

function OfficerListPage() {
  const { search } = useLocation();
  const excludeSeparated = new URLSearchParams(search).get('excludeSeparated') === 'Y';
  return (
    <ListBase
      resource="officer"
      disableSyncWithLocation
      storeKey={false}
      perPage={DEFAULT_PAGE_SIZE}
      sort={{ field: 'lastName', order: 'ASC' }}
      filter={excludeSeparated ? { excludeSeparated: 'Y' } : {}}
    >
      <OfficerListBody excludeSeparated={excludeSeparated} />
    </ListBase>
  );
}

/** The roster's export: separated or not, the search and the sort, every page. */
const EXPORT = { path: '/officer/export' } as const;

function OfficerListBody({ excludeSeparated }: { excludeSeparated: boolean }) {
  const { actor, today, tz } = useActor();
  const { total } = useListContext();
  const navigate = useNavigate();
  const struck = useStruckRows();
  const filterQuery = excludeSeparated ? '?excludeSeparated=Y' : '';
  const ytd = today ? quickRange('ytd', today) : undefined;
  const id = (r: Row) => <RowLink to={`/OfficerEdit/${r.officerId}${filterQuery}`}>{r.officerId}</RowLink>;
  const name = (r: Row) => {
    const query = new URLSearchParams({ officerId: String(r.officerId), ...(ytd ?? {}) });
    const link = <RowLink to={`/TimeTicketLandingPage?${query.toString()}`}>{fullName(r)}</RowLink>;
    return r.flaggedCount > 0 ? <Box component="span" sx={alertSx}>{link}</Box> : link;
  };
  const lastLogin = (r: Row) => {
    if (!r.lastLoginDate) return '';
    const at = fromInstant(r.lastLoginDate, tz);
    return `${at.date} ${at.time}`;
  };
  const unread = (r: Row) => {
    if (isExemptOfficer(r.officerId)) return l.notApplicable;
    const link = (
      <RowLink to={`/DownloadReport?officerId=${r.officerId}`} ariaLabel={`${format(l.clickToView, { count: r.unreadMemos })}: ${format(l.unread159sFor, { name: fullName(r) })}`}>
        {format(l.clickToView, { count: r.unreadMemos })}
      </RowLink>
    );
    return r.unreadMemos > 0 ? <Box component="span" sx={alertSx}>{link}</Box> : link;
  };
  const remove = (r: Row) => {
    // nobody removes himself (the server answers 409 'You cannot remove yourself.')
    if (struck.isStruck(r.id) || r.officerId === actor?.officerId) return null;
    if (r.hasChildren === 'Y') {
      return (
        <Typography variant="caption" color="text.secondary" title={rc.officers.errors.hasChildren}>
          {l.cannotRemove}
        </Typography>
      );
    }
    return (
      <RemoveButton
        resource="officer"
        record={r}
        content={`${r.officerId} ${fullName(r)}`}
        onRemoved={struck.markRemoved}
        ariaLabel={`${rc.app.remove} ${fullName(r)}`}
      />
    );
  };
  const toggle = (showSeparated: boolean) => navigate(showSeparated ? '/OfficerBrowse' : '/OfficerBrowse?excludeSeparated=Y');
  return (
    <ListPage
      title={title}
      exportTo={EXPORT}
      actions={
        <>
          <ActionButton label={rc.app.add} icon={<AddIcon />} to={`/OfficerEdit${filterQuery}`} variant="contained" />
          <FormControlLabel
            control={<Checkbox checked={!excludeSeparated} onChange={(e) => toggle(e.target.checked)} />}
            label={l.showSeparated}
          />
          <Typography aria-live="polite">{format(l.total, { count: total ?? 0 })}</Typography>
          <FilterLiveSearch source="q" label={l.search} helperText={l.searchHint} sx={{ width: '100%', maxWidth: 480 }} />
        </>
      }
    >
      <ResponsiveList<Row>
        label={title}
        struck={struck}
        cardsBelow="md"
        sortFields={[
          { field: 'officerId', label: l.id },
          { field: 'lastName', label: l.name },
          { field: 'precinct.precinctId', label: l.pct },
          { field: 'precinct.description', label: l.precinctName },
          { field: 'lastLoginDate', label: l.lastLogin },
          { field: 'mobile', label: l.mobile },
          { field: 'separationDate', label: l.separationDate },
          { field: 'unreadMemos', label: l.unread159s },
        ]}
        card={(r) => (
          <>
            <CardTitle>
              {id(r)} {name(r)}
            </CardTitle>
            <LabeledValues
              dense
              items={[
                [l.precinctName, r.precinct?.description],
                [l.mobile, r.mobile],
                [l.lastLogin, lastLogin(r)],
                [l.separationDate, r.separationDate],
                [l.unread159s, unread(r)],
              ]}
            />
            {remove(r)}
          </>
        )}
      >
        <FunctionField<Row> label={l.id} sortBy="officerId" render={id} />
        <FunctionField<Row> label={l.name} sortBy="lastName" render={name} />
        <TextField label={l.pct} source="precinct.precinctId" sortBy="precinct.precinctId" />
        <TextField label={l.precinctName} source="precinct.description" sortBy="precinct.description" />
        <FunctionField<Row> label={l.lastLogin} sortBy="lastLoginDate" render={lastLogin} />
        <TextField label={l.mobile} source="mobile" />
        <TextField label={l.separationDate} source="separationDate" />
        <FunctionField<Row> label={l.unread159s} sortBy="unreadMemos" render={unread} />
        <FunctionField<Row> label={rc.app.remove} sortable={false} render={remove} />
      </ResponsiveList>
    </ListPage>
  );
}
