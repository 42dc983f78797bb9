import { useLocation, useParams } from 'react-router-dom';
import { Create, Edit, usePermissions } from 'react-admin';
import { Alert } from '@mui/material';
import { rc } from '../../domain/messages';
import { can } from '../../domain/access';
import { PageHeading } from '../../common/PageHeading';
import { EventForm } from './EventForm';
import { newEventDefaults, toEventBody, type EventFormValues } from './eventForm';
import { eventFilterFromSearch, eventQueryString } from './eventQuery';

/**
 * /EventEdit (add) and /EventEdit/{id} (edit), level 9+ (spec §2 Events, §6). Keeps the list's
 * query: Save and Back return to /EventBrowse with it. Insert when there is no id, else update.
 */
export function EventEdit() {
  const { id } = useParams();
  const location = useLocation();
  const { permissions, isPending } = usePermissions<number>();
  const backTo = `/EventBrowse${eventQueryString(eventFilterFromSearch(location.search))}`;
  if (isPending) return null;
  if (!can({ officerId: 0, accessLevel: Number(permissions) }, 'event:write')) {
    return <Alert severity="error">{rc.errors.unauthorized}</Alert>;
  }
  const transform = (values: EventFormValues) => toEventBody(values);
  if (id) {
    return (
      <>
      <PageHeading>{rc.events.titles.edit}</PageHeading>
      <Edit resource="events" id={id} title={rc.events.titles.edit} mutationMode="pessimistic" transform={transform} redirect={() => backTo}>
        <EventForm backTo={backTo} />
      </Edit>
      </>
    );
  }
  return (
    <>
    <PageHeading>{rc.events.titles.add}</PageHeading>
    <Create resource="events" title={rc.events.titles.add} transform={transform} redirect={() => backTo}>
      <EventForm backTo={backTo} defaultValues={newEventDefaults} />
    </Create>
    </>
  );
}
