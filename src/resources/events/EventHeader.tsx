import { Card, CardContent, Typography } from '@mui/material';
import { rc } from '../../domain/messages';
import { signedUpOf } from '../../domain/eventStatus';
import type { EventJson } from '../../domain/schemas/events';
import { SafeHtml } from './SafeHtml';

const f = rc.events.fields;

/** The event above its roster: name (sanitised), start and end, location, precinct, staffing. */
export function EventHeader({ event }: { event: EventJson }) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h1" data-testid="event-name">
          <SafeHtml html={event.eventName} />
        </Typography>
        <Typography variant="body2">
          {f.start}: {event.startDay} {event.startDate} {event.startTime} &middot; {f.end}: {event.endDay} {event.endDate} {event.endTime}
        </Typography>
        <Typography variant="body2">
          {f.location}: {event.location.name}, {event.location.address}, {event.location.city} &middot; {f.precinct}: {event.precinct.description}
        </Typography>
        <Typography variant="body2">
          {f.signedUp}: {signedUpOf(event.signupCount, event.maxOfficers)} &middot; {f.status}: <strong data-testid="event-status">{event.status}</strong>
        </Typography>
      </CardContent>
    </Card>
  );
}
