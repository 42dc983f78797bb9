import { Typography } from '@mui/material';
import { LabeledValues } from '../../common/LabeledValues';
import { formatHours } from '../../common/numberFormat';
import { rc } from '../../domain/messages';
import type { EventJson } from '../../domain/schemas/events';
import { eventSpan } from './EventCard';
import { locationWithAddress } from './mySignupsQuery';
import { SafeHtml } from './SafeHtml';

const f = rc.events.fields;
const t = rc.events.mySignups;

/**
 * One of the officer's sign-ups as a card (/MySignups on a phone): the event's name (sanitised
 * HTML), type, date and times ('06/01/2030 08:00 – 16:00', both dates past midnight; HH:mm in
 * ORG_TIMEZONE), location with its address, incentive hours (2 decimals) and description
 * (sanitised HTML).
 */
export function MySignupCard({ event }: { event: EventJson }) {
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        <SafeHtml html={event.eventName} />
      </Typography>
      <LabeledValues
        dense
        items={[
          [t.type, event.eventType.eventTypeDescription],
          [t.when, eventSpan(event)],
          [f.location, locationWithAddress(event.location)],
          [f.incentiveHours, formatHours(event.incentiveHours)],
          [f.description, <SafeHtml key="description" html={event.description} />],
        ]}
      />
    </>
  );
}
