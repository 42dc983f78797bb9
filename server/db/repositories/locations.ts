import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { event, location, precinct, state } from '../schema';
import type { LocationInput, LocationJson } from '../../../src/domain/schemas/locations';
import { conflict, notFound } from '../../errors';
import { rc } from '../../../src/domain/messages';

const usedByEvents = sql<boolean>`exists (select 1 from ${event} where ${event.locationId} = ${location.locationId})`;

function selectLocations(db: Db) {
  return db
    .select({
      locationId: location.locationId,
      name: location.name,
      address: location.address,
      city: location.city,
      stateId: state.stateId,
      stateName: state.stateName,
      stateAbbr: state.stateAbbr,
      zip: location.zip,
      phone1: location.phone1,
      email1: location.email1,
      webAddress: location.webAddress,
      precinctId: precinct.precinctId,
      precinctDescription: precinct.description,
      used: usedByEvents,
      updatedTimestamp: location.updatedTimestamp,
    })
    .from(location)
    .innerJoin(state, eq(state.stateId, location.stateId))
    .innerJoin(precinct, eq(precinct.precinctId, location.precinctId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectLocations>['execute']>>[number];

function toJson(r: Row): LocationJson {
  return {
    locationId: r.locationId,
    name: r.name,
    address: r.address,
    city: r.city,
    state: { stateId: r.stateId, stateName: r.stateName, stateAbbr: r.stateAbbr },
    zip: r.zip,
    phone1: r.phone1 ?? '',
    email1: r.email1 ?? '',
    webAddress: r.webAddress ?? '',
    precinct: { precinctId: r.precinctId, description: r.precinctDescription },
    hasChildren: r.used ? 'Y' : 'N',
    updatedTimestamp: new Date(r.updatedTimestamp).toISOString(),
  };
}

/** Every location (spec §3 Location JSON), by name. */
export async function listLocations(db: Db): Promise<LocationJson[]> {
  const rows = await selectLocations(db).orderBy(asc(location.name), asc(location.locationId));
  return rows.map(toJson);
}

/** One location, or 404 'Location not found.' */
export async function getLocation(db: Db, locationId: number): Promise<LocationJson> {
  const [row] = await selectLocations(db).where(eq(location.locationId, locationId));
  if (!row) throw notFound(rc.locations.errors.notFound);
  return toJson(row);
}

function columns(input: LocationInput, actorId: number) {
  return {
    name: input.name,
    address: input.address,
    city: input.city,
    stateId: input.state.stateId,
    zip: input.zip,
    phone1: input.phone1 || null,
    email1: input.email1 || null,
    webAddress: input.webAddress || null,
    precinctId: input.precinct.precinctId,
    updatedBy: actorId,
  };
}

/** Inserts a location stamped `now` (the app clock) and returns it. Unknown state or precinct ids: 400 (database reference check). */
export async function insertLocation(db: Db, input: LocationInput, actorId: number, now: Date): Promise<LocationJson> {
  const [row] = await db.insert(location).values({ ...columns(input, actorId), updatedTimestamp: now }).returning({ locationId: location.locationId });
  return getLocation(db, row.locationId);
}

/** Updates a location (404 when it does not exist), stamping updatedTimestamp with `now` (the app clock), and returns it. */
export async function updateLocation(db: Db, locationId: number, input: LocationInput, actorId: number, now: Date): Promise<LocationJson> {
  const rows = await db
    .update(location)
    .set({ ...columns(input, actorId), updatedTimestamp: now })
    .where(eq(location.locationId, locationId))
    .returning({ locationId: location.locationId });
  if (!rows.length) throw notFound(rc.locations.errors.notFound);
  return getLocation(db, locationId);
}

/**
 * Removes the locations in one transaction (a savepoint when `db` is one). A location used by any
 * event: 409 'This location is used by events and cannot be removed.' and nothing is removed.
 * Returns the removed locations as they were (for their audit entries); unknown ids are skipped.
 */
export async function deleteLocations(db: Db, ids: number[]): Promise<LocationJson[]> {
  if (!ids.length) return [];
  return db.transaction(async (tx) => {
    const used = await tx.select({ id: event.locationId }).from(event).where(inArray(event.locationId, ids)).limit(1);
    if (used.length) throw conflict(rc.locations.errors.inUse);
    const before = (await selectLocations(tx).where(inArray(location.locationId, ids))).map(toJson);
    await tx.delete(location).where(inArray(location.locationId, ids));
    return before;
  });
}
