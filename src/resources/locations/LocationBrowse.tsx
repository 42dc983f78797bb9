import { Link, useNavigate } from 'react-router-dom';
import { Button, Datagrid, FunctionField, List, TextField, TopToolbar, usePermissions } from 'react-admin';
import AddIcon from '@mui/icons-material/Add';
import { PageHeading } from '../../common/PageHeading';
import { RollCallPagination } from '../../common/RollCallPagination';
import { stripedRows } from '../../common/listStyles';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { can } from '../../domain/access';
import { rc } from '../../domain/messages';
import type { LocationJson } from '../../domain/schemas/locations';
import { RemoveButton } from '../../common/RemoveButton';
import { useStruckRows } from '../../common/useStruckRows';

const f = rc.events.fields;
type Row = LocationJson & { id: number };

/**
 * /LocationBrowse (spec §2 Locations): name, address, city, state, zip, phone, precinct.
 * Level 9+: names link to /LocationEdit/{id}, Add, and Remove with confirmation (not offered
 * for locations used by events, which the server refuses too); a removed row is struck through,
 * then dropped.
 */
export function LocationBrowse() {
  const navigate = useNavigate();
  const { permissions } = usePermissions<number>();
  const canWrite = can(typeof permissions === 'number' ? { officerId: 0, accessLevel: permissions } : null, 'location:write');
  const { markRemoved, isStruck, rowSx } = useStruckRows();
  return (
    <>
    <PageHeading>{rc.events.titles.locations}</PageHeading>
    <List
      resource="locations"
      title={rc.events.titles.locations}
      disableSyncWithLocation
      storeKey={false}
      perPage={DEFAULT_PAGE_SIZE}
      pagination={<RollCallPagination />}
      sort={{ field: 'name', order: 'ASC' }}
      empty={false}
      actions={
        <TopToolbar>
          {canWrite && (
            <Button label={rc.app.add} onClick={() => navigate('/LocationEdit')}>
              <AddIcon />
            </Button>
          )}
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false} sx={stripedRows} rowSx={rowSx}>
        <FunctionField<Row>
          label={f.name}
          sortBy="name"
          render={(r) => (canWrite ? <Link to={`/LocationEdit/${r.locationId}`}>{r.name}</Link> : r.name)}
        />
        <TextField label={f.address} source="address" />
        <TextField label={f.city} source="city" />
        <TextField label={f.state} source="state.stateAbbr" />
        <TextField label={f.zip} source="zip" />
        <TextField label={f.phone1} source="phone1" />
        <TextField label={f.precinct} source="precinct.description" />
        {canWrite && (
          <FunctionField<Row>
            label={rc.app.remove}
            sortable={false}
            render={(r) =>
              r.hasChildren === 'Y' || isStruck(r.id) ? null : (
                <RemoveButton resource="locations" record={r} content={r.name} onRemoved={markRemoved} />
              )
            }
          />
        )}
      </Datagrid>
    </List>
    </>
  );
}
