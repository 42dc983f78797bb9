import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import { LabeledValues } from '../../common/LabeledValues';
import { rc } from '../../domain/messages';
import { signedUpOf } from '../../domain/eventStatus';
import type { EventJson } from '../../domain/schemas/events';
import { EventName } from './EventName';
import { CardTitle } from '../../common/CardTitle';
import { formatHours } from '../../common/numberFormat';
import { SafeHtml } from './SafeHtml';

const f = rc.events.fields;

/** '06/01/2030 08:00 – 16:00', or with both dates when the event runs past midnight. */
export function eventSpan(e: Pick<EventJson, 'startDate' | 'startTime' | 'endDate' | 'endTime'>): string {
  return e.endDate === e.startDate ? `${e.startDate} ${e.startTime} – ${e.endTime}` : `${e.startDate} ${e.startTime} – ${e.endDate} ${e.endTime}`;
}

/**
 * An event on a phone (spec §2 Events, §4 status): its name (a link to the edit page at level 9+),
 * start–end, location and precinct, status, officers signed up, incentive hours (2 decimals), the
 * description (sanitised HTML), its `roster` link and `remove`. Every level that sees the event
 * sees its description and incentive hours: officers decide on them whether to sign up.
 */
export function EventCard({ event, editQuery, roster, remove }: { event: EventJson; editQuery?: string; roster: ReactNode; remove: ReactNode }) {
  return (
    <>
      <CardTitle>
        <EventName event={event} editQuery={editQuery} />
      </CardTitle>
      <Typography variant="body2">{eventSpan(event)}</Typography>
      <LabeledValues
        dense
        items={[
          [f.location, event.location.name],
          [f.precinct, event.precinct.description],
          [f.status, event.status],
          [f.signedUp, signedUpOf(event.signupCount, event.maxOfficers)],
          [f.incentiveHours, formatHours(event.incentiveHours)],
          [f.description, <SafeHtml key="description" html={event.description} />],
        ]}
      />
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2 }}>
        {roster}
        {remove}
      </Stack>
    </>
  );
}
