import { useNavigate, useParams } from 'react-router-dom';
import { Create, Edit, useNotify } from 'react-admin';
import { rc } from '../../domain/messages';
import { PageHeading } from '../../common/PageHeading';
import { RequirePermission } from '../../common/NotPermitted';
import { formCardSx } from '../../common/FormLayout';
import { LocationForm } from './LocationForm';
import { newLocationDefaults, toLocationBody, type LocationFormValues } from './locationFormValues';

const t = rc.locations.titles;
const backTo = '/LocationBrowse';

/**
 * /LocationEdit (add) and /LocationEdit/{id} (edit), level 9+ (spec §2 Locations, §6; below it
 * the not-permitted page). Save ('Location saved.') and Back return to /LocationBrowse.
 */
export function LocationEdit() {
  return (
    <RequirePermission action="location:write">
      <LocationEditPage />
    </RequirePermission>
  );
}

function LocationEditPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const mutationOptions = {
    onSuccess: () => {
      notify(rc.locations.saved, { type: 'info' });
      navigate(backTo);
    },
  };
  const transform = (values: LocationFormValues) => toLocationBody(values);
  if (id) {
    return (
      <>
        <PageHeading>{t.edit}</PageHeading>
        <Edit resource="locations" id={id} title={false} sx={formCardSx} mutationMode="pessimistic" mutationOptions={mutationOptions} transform={transform}>
          <LocationForm backTo={backTo} />
        </Edit>
      </>
    );
  }
  return (
    <>
      <PageHeading>{t.add}</PageHeading>
      <Create resource="locations" title={false} sx={formCardSx} mutationOptions={mutationOptions} transform={transform}>
        <LocationForm backTo={backTo} defaultValues={newLocationDefaults} />
      </Create>
    </>
  );
}
