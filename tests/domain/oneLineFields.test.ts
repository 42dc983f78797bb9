import { describe, expect, it } from 'vitest';
import { locationFields } from '../../src/domain/schemas/locations';
import { eventInputSchema } from '../../src/domain/schemas/events';

/** A location's name, address and city, and an event's name, are one-line inputs: no control characters or line breaks. */
describe('one-line location and event fields', () => {
  const location = { name: 'Eisenhower Park', address: '1 Park Blvd', city: 'East Meadow', zip: '11554', state: { stateId: 33 }, precinct: { precinctId: 1 } };
  it.each(['name', 'address', 'city'])('a location %s refuses a carriage return or a line separator', (field) => {
    expect(locationFields.safeParse(location).success).toBe(true);
    for (const bad of ['Park\r=1+1', 'Park\u2028Blvd', 'Park\u0007']) {
      const r = locationFields.safeParse({ ...location, [field]: bad });
      expect(r.success).toBe(false);
      expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([field, 'Control characters and line breaks are not allowed.']);
    }
  });
  it('a location web address refuses control characters inside it', () => {
    expect(locationFields.safeParse({ ...location, webAddress: 'https://example.org/a\u0001b' }).success).toBe(false);
  });
  it('an event name refuses a tab or a line break', () => {
    const r = eventInputSchema('America/New_York').safeParse({ eventName: 'Parade\tDetail' });
    expect(r.error!.issues.some((i) => i.path.join('.') === 'eventName' && i.message === 'Control characters and line breaks are not allowed.')).toBe(true);
  });
});
