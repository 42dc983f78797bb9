import { RowLink } from '../../common/RowLink';
import type { EventJson } from '../../domain/schemas/events';
import { SafeHtml } from './SafeHtml';

/**
 * An event's name in the list and on its card: the sanitised HTML name (spec §2 Events); at
 * level 9+ (`editQuery` given) a link to /EventEdit/{id} carrying the list's query.
 */
export function EventName({ event, editQuery }: { event: EventJson; editQuery?: string }) {
  if (editQuery === undefined) return <SafeHtml html={event.eventName} />;
  return (
    <RowLink to={`/EventEdit/${event.eventId}${editQuery}`}>
      <SafeHtml html={event.eventName} />
    </RowLink>
  );
}
