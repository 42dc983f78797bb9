import { pgTable, integer, text, serial } from 'drizzle-orm/pg-core';

/** US states and territories (State lookup, spec §3). */
export const state = pgTable('state', {
  stateId: serial().primaryKey(),
  stateAbbr: text().notNull().unique(),
  stateName: text().notNull(),
});

/** Precincts of the organisation (id, description, abbr). */
export const precinct = pgTable('precinct', {
  precinctId: integer().primaryKey(),
  description: text().notNull(),
  abbr: text().notNull(),
});

/** Access levels 1, 3, 5, 9, 10 (spec §6). */
export const accessType = pgTable('access_type', {
  accessTypeId: integer().primaryKey(),
  description: text().notNull(),
});

export const rank = pgTable('rank', {
  rankId: integer().primaryKey(),
  description: text().notNull(),
});

/** Event types 1 Details, 4 Training, 9 Administrative, 11 Special. */
export const eventType = pgTable('event_type', {
  eventTypeId: integer().primaryKey(),
  eventTypeDescription: text().notNull(),
});

/** Ticket assignment types; 1, 4, 9, 11 mirror the event types. */
export const assignmentType = pgTable('assignment_type', {
  assignmentTypeId: integer().primaryKey(),
  description: text().notNull(),
});

/** Upload types 1 '159 Board', 2 'LOSAP Notices'. */
export const uploadType = pgTable('upload_type', {
  uploadTypeId: integer().primaryKey(),
  uploadTypeDescription: text().notNull(),
});
