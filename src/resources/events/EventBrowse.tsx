import { useLocation, useNavigate, Link } from 'react-router-dom';
import {
  Button,
  Datagrid,
  FunctionField,
  List,
  TextField,
  TopToolbar,
  usePermissions,
} from 'react-admin';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { PageHeading } from '../../common/PageHeading';
import { RollCallPagination } from '../../common/RollCallPagination';
import { stripedRows } from '../../common/listStyles';
import { ACCESS, DEFAULT_PAGE_SIZE, EVENT_TYPE } from '../../domain/constants';
import { can } from '../../domain/access';
import { rc } from '../../domain/messages';
import { signedUpOf } from '../../domain/eventStatus';
import type { EventJson } from '../../domain/schemas/events';
import { EventNameField } from './EventNameField';
import { eventFilterFromSearch, eventQueryString } from './eventQuery';
import { plainEventName } from './SafeHtml';
import { RemoveButton } from '../../common/RemoveButton';
import { useStruckRows } from '../../common/useStruckRows';

const f = rc.events.fields;

/** The list title by event type (spec §2, §6): Details, Training, Administrative, Special; level 3 'Detail List'. */
export function eventListTitle(eventTypeId: number, level: number | undefined): string {
  if (level === ACCESS.RESTRICTED) return rc.events.titles.detailList;
  switch (eventTypeId) {
    case EVENT_TYPE.DETAILS:
      return rc.events.titles.details;
    case EVENT_TYPE.TRAINING:
      return rc.events.titles.training;
    case EVENT_TYPE.ADMINISTRATIVE:
      return rc.events.titles.administrative;
    case EVENT_TYPE.SPECIAL:
      return rc.events.titles.special;
    default:
      return rc.events.titles.events;
  }
}

type Row = EventJson & { id: number };

function BrowseActions({ canSearch, canWrite, query }: { canSearch: boolean; canWrite: boolean; query: string }) {
  const navigate = useNavigate();
  return (
    <TopToolbar>
      {canSearch && (
        <Button label={rc.events.actions.search} onClick={() => navigate('/EventSearch')}>
          <SearchIcon />
        </Button>
      )}
      {canWrite && (
        <Button label={rc.app.add} onClick={() => navigate(`/EventEdit${query}`)}>
          <AddIcon />
        </Button>
      )}
    </TopToolbar>
  );
}

/**
 * /EventBrowse?eventTypeId&sinceStartDate&untilStartDate&precinctId (spec §2 Events): the events
 * list with Name, Start, End, Location, PCT, Precinct Name, '#Officers Signed Up', Status and a
 * Roster link; sortable headers; 25-200 rows a page (default 100). Level 9+: name links to the
 * edit screen, Add and Remove (with confirmation; not offered for events with sign-ups or
 * tickets, which the server refuses too); a removed row is struck through, then dropped.
 * Level 3 sees the details list only.
 */
export function EventBrowse() {
  const location = useLocation();
  const { permissions } = usePermissions<number>();
  const level = typeof permissions === 'number' ? permissions : undefined;
  const filter = eventFilterFromSearch(location.search);
  if (level === ACCESS.RESTRICTED) filter.eventTypeId = String(EVENT_TYPE.DETAILS);
  const query = eventQueryString(filter);
  const actor = level === undefined ? null : { officerId: 0, accessLevel: level };
  const canWrite = can(actor, 'event:write');
  const { markRemoved, isStruck, rowSx } = useStruckRows();
  const title = eventListTitle(Number(filter.eventTypeId), level);
  return (
    <>
    <PageHeading>{title}</PageHeading>
    <List
      resource="events"
      title={title}
      filter={filter}
      disableSyncWithLocation
      storeKey={false}
      perPage={DEFAULT_PAGE_SIZE}
      pagination={<RollCallPagination />}
      sort={{ field: 'startDate', order: 'ASC' }}
      actions={<BrowseActions canSearch={can(actor, 'menu:full')} canWrite={canWrite} query={query} />}
      empty={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} sx={stripedRows} rowSx={rowSx}>
        <EventNameField label={f.name} sortBy="eventName" canEdit={canWrite} query={query} />
        <FunctionField<Row> label={f.start} sortBy="startDate" render={(r) => `${r.startDate} ${r.startTime}`} />
        <FunctionField<Row> label={f.end} sortBy="endDate" render={(r) => `${r.endDate} ${r.endTime}`} />
        <TextField label={f.location} source="location.name" />
        <TextField label={f.pct} source="precinct.abbr" />
        <TextField label={f.precinctName} source="precinct.description" />
        <FunctionField<Row> label={f.signedUp} sortBy="signupCount" render={(r) => signedUpOf(r.signupCount, r.maxOfficers)} />
        <TextField label={f.status} source="status" />
        <FunctionField<Row>
          label={f.roster}
          sortable={false}
          render={(r) => <Link to={`/EventSignupBrowse?eventId=${r.eventId}${query ? `&${query.slice(1)}` : ''}`}>{f.roster}</Link>}
        />
        {canWrite && (
          <FunctionField<Row>
            label={rc.app.remove}
            sortable={false}
            render={(r) =>
              r.hasChildren === 'Y' || isStruck(r.id) ? null : (
                <RemoveButton resource="events" record={r} content={plainEventName(r.eventName)} onRemoved={markRemoved} />
              )
            }
          />
        )}
      </Datagrid>
    </List>
    </>
  );
}
