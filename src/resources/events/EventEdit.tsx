import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Create, Edit, useNotify } from 'react-admin';
import { rc } from '../../domain/messages';
import { PageHeading } from '../../common/PageHeading';
import { RequirePermission } from '../../common/NotPermitted';
import { formCardSx } from '../../common/FormLayout';
import { EventForm } from './EventForm';
import { newEventDefaults, toEventBody, type EventFormValues } from './eventFormValues';
import { eventFilterFromSearch, eventQueryString } from './eventQuery';

const t = rc.events.titles;

/**
 * /EventEdit (add) and /EventEdit/{id} (edit), level 9+ (spec §2 Events, §6; below it the
 * not-permitted page). Keeps the list's query: Save ('Event saved.') and Back return to
 * /EventBrowse with it. Added from a list of one event type, the new event has that type.
 */
export function EventEdit() {
  return (
    <RequirePermission action="event:write">
      <EventEditPage />
    </RequirePermission>
  );
}

function EventEditPage() {
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const filter = eventFilterFromSearch(location.search);
  const backTo = `/EventBrowse${eventQueryString(filter)}`;
  const mutationOptions = {
    onSuccess: () => {
      notify(rc.events.saved, { type: 'info' });
      navigate(backTo);
    },
  };
  const transform = (values: EventFormValues) => toEventBody(values);
  if (id) {
    return (
      <>
        <PageHeading>{t.edit}</PageHeading>
        <Edit resource="events" id={id} title={false} sx={formCardSx} mutationMode="pessimistic" mutationOptions={mutationOptions} transform={transform}>
          <EventForm backTo={backTo} />
        </Edit>
      </>
    );
  }
  return (
    <>
      <PageHeading>{t.add}</PageHeading>
      <Create resource="events" title={false} sx={formCardSx} mutationOptions={mutationOptions} transform={transform}>
        <EventForm backTo={backTo} defaultValues={newEventDefaults(filter.eventTypeId)} />
      </Create>
    </>
  );
}
