import { Link } from 'react-router-dom';
import { useRecordContext } from 'react-admin';
import { SafeHtml } from './SafeHtml';
import type { EventJson } from '../../domain/schemas/events';

/**
 * The Name column of the event list: the sanitised HTML name; at level 9+ a link to
 * /EventEdit/{id} carrying the list's query (spec §2 Events).
 */
export function EventNameField({ canEdit, query }: { canEdit: boolean; query: string; label?: string; sortBy?: string }) {
  const record = useRecordContext<EventJson & { id: number }>();
  if (!record) return null;
  if (!canEdit) return <SafeHtml html={record.eventName} />;
  return (
    <Link to={`/EventEdit/${record.eventId}${query}`}>
      <SafeHtml html={record.eventName} />
    </Link>
  );
}
