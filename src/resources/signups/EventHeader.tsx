import { Box, Card, CardContent, Typography } from '@mui/material';
import { LabeledValues } from '../../common/LabeledValues';
import { rc } from '../../domain/messages';
import { signedUpOf } from '../../domain/eventStatus';
import type { EventJson } from '../../domain/schemas/events';
import { SafeHtml } from '../events/SafeHtml';
import { formatHours } from '../../common/numberFormat';

const f = rc.events.fields;

/**
 * The event above its roster (spec §2, §3, §4), for everyone who may open the roster: name
 * (sanitised HTML), start and end, location, precinct, incentive hours (2 decimals), staffing,
 * status and the description (may hold HTML: sanitised by SafeHtml; its line breaks kept).
 */
export function EventHeader({ event }: { event: EventJson }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="roster-event-name" sx={{ my: 1, maxWidth: 720 }}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="h6" component="h2" id="roster-event-name" data-testid="event-name" sx={{ overflowWrap: 'anywhere' }}>
          <SafeHtml html={event.eventName} />
        </Typography>
        <LabeledValues
          dense
          items={[
            [f.start, `${event.startDay} ${event.startDate} ${event.startTime}`],
            [f.end, `${event.endDay} ${event.endDate} ${event.endTime}`],
            [f.location, [event.location.name, event.location.address, event.location.city].filter(Boolean).join(', ')],
            [f.precinct, event.precinct.description],
            [f.incentiveHours, formatHours(event.incentiveHours)],
            [f.signedUp, signedUpOf(event.signupCount, event.maxOfficers)],
            [f.status, <strong data-testid="event-status">{event.status}</strong>],
            [
              f.description,
              event.description && (
                <Box data-testid="event-description" sx={{ whiteSpace: 'pre-line' }}>
                  <SafeHtml html={event.description} component="div" />
                </Box>
              ),
            ],
          ]}
        />
      </CardContent>
    </Card>
  );
}
