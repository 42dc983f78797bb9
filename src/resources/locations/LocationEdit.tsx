import { useParams } from 'react-router-dom';
import { Create, Edit, usePermissions } from 'react-admin';
import { Alert } from '@mui/material';
import { rc } from '../../domain/messages';
import { can } from '../../domain/access';
import { PageHeading } from '../../common/PageHeading';
import { LocationForm } from './LocationForm';
import { newLocationDefaults, toLocationBody, type LocationFormValues } from './locationForm';

/** /LocationEdit (add) and /LocationEdit/{id} (edit), level 9+; Save and Back return to /LocationBrowse. */
export function LocationEdit() {
  const { id } = useParams();
  const { permissions, isPending } = usePermissions<number>();
  if (isPending) return null;
  if (!can({ officerId: 0, accessLevel: Number(permissions) }, 'location:write')) {
    return <Alert severity="error">{rc.errors.unauthorized}</Alert>;
  }
  const transform = (values: LocationFormValues) => toLocationBody(values);
  if (id) {
    return (
      <>
      <PageHeading>{rc.events.titles.editLocation}</PageHeading>
      <Edit resource="locations" id={id} title={rc.events.titles.editLocation} mutationMode="pessimistic" transform={transform} redirect={() => '/LocationBrowse'}>
        <LocationForm />
      </Edit>
      </>
    );
  }
  return (
    <>
    <PageHeading>{rc.events.titles.addLocation}</PageHeading>
    <Create resource="locations" title={rc.events.titles.addLocation} transform={transform} redirect={() => '/LocationBrowse'}>
      <LocationForm defaultValues={newLocationDefaults} />
    </Create>
    </>
  );
}
