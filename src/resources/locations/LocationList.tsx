import { FunctionField, ListBase, TextField } from 'react-admin';
import AddIcon from '@mui/icons-material/Add';
import { ListPage } from '../../common/ListPage';
import { ResponsiveList } from '../../common/ResponsiveList';
import { LabeledValues } from '../../common/LabeledValues';
import { RemoveButton } from '../../common/RemoveButton';
import { RowLink } from '../../common/RowLink';
import { useActor } from '../../common/useActor';
import { useStruckRows } from '../../common/useStruckRows';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { can } from '../../domain/access';
import { rc } from '../../domain/messages';
import type { LocationJson } from '../../domain/schemas/locations';
import { ActionButton } from '../../common/ActionButton';
import { CardTitle } from '../../common/CardTitle';

const f = rc.locations.fields;
const title = rc.locations.titles.list;
type Row = LocationJson & { id: number };

/**
 * /LocationBrowse (spec §2 Locations): name, address, city, state, zip, phone, precinct; cards on
 * a phone. Level 9+: names link to /LocationEdit/{id}, Add, and Remove with confirmation (not
 * offered for locations used by events, which the server refuses too); a removed row is struck
 * through, then dropped.
 */
export function LocationList() {
  const { actor } = useActor();
  const canWrite = can(actor, 'location:write');
  const struck = useStruckRows();
  const name = (r: Row) => (canWrite ? <RowLink to={`/LocationEdit/${r.locationId}`}>{r.name}</RowLink> : r.name);
  const remove = (r: Row) =>
    canWrite && r.hasChildren !== 'Y' && !struck.isStruck(r.id) ? (
      <RemoveButton resource="locations" record={r} content={r.name} onRemoved={struck.markRemoved} ariaLabel={`${rc.app.remove} ${r.name}`} />
    ) : null;
  return (
    <ListBase resource="locations" disableSyncWithLocation storeKey={false} perPage={DEFAULT_PAGE_SIZE} sort={{ field: 'name', order: 'ASC' }}>
      <ListPage
        title={title}
        actions={
          canWrite && (
            <ActionButton label={rc.app.add} icon={<AddIcon />} to="/LocationEdit" variant="contained" />
          )
        }
      >
        <ResponsiveList<Row>
          label={title}
          struck={struck}
          sortFields={[
            { field: 'name', label: f.name },
            { field: 'city', label: f.city },
            { field: 'precinct.description', label: f.precinct },
          ]}
          card={(r) => (
            <>
              <CardTitle>
                {name(r)}
              </CardTitle>
              <LabeledValues
                dense
                items={[
                  [f.address, [r.address, r.city, r.state?.stateAbbr, r.zip].filter(Boolean).join(', ')],
                  [f.phone1, r.phone1],
                  [f.precinct, r.precinct?.description],
                ]}
              />
              {remove(r)}
            </>
          )}
        >
          <FunctionField<Row> label={f.name} sortBy="name" render={name} />
          <TextField label={f.address} source="address" />
          <TextField label={f.city} source="city" />
          <TextField label={f.state} source="state.stateAbbr" />
          <TextField label={f.zip} source="zip" />
          <TextField label={f.phone1} source="phone1" />
          <TextField label={f.precinct} source="precinct.description" />
          {canWrite && <FunctionField<Row> label={rc.app.remove} sortable={false} render={remove} />}
        </ResponsiveList>
      </ListPage>
    </ListBase>
  );
}
