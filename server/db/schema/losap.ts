import { sql } from 'drizzle-orm';
import { pgTable, integer, text, timestamp, numeric, serial, check, index, primaryKey } from 'drizzle-orm/pg-core';
import { officer } from './officers';

/**
 * The organisation's LOSAP rules for one calendar year (ORG_TIMEZONE). A year without a row
 * uses the default hours rule (DEFAULT_LOSAP_RULES in src/domain/losap.ts, decision 022).
 * rule 'hours': the year qualifies at `threshold` total hours (worked + travel + incentive,
 * flagged tickets left out); rule 'points': at `threshold` points of the year's categories
 * (losap_category), each capped. frozen_at is set by the year's first certification (year-end
 * work); once set, the rules are refused for change.
 */
export const losapYearRules = pgTable(
  'losap_year_rules',
  {
    year: integer().primaryKey(),
    rule: text().notNull(),
    threshold: numeric({ precision: 7, scale: 2, mode: 'number' }).notNull(),
    /** When the year was certified (its rules frozen); null while they may change. */
    frozenAt: timestamp({ withTimezone: true }),
    updatedBy: integer().references(() => officer.officerId),
    updatedTimestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('losap_year_range', sql`${t.year} between 2000 and 2100`),
    check('losap_rule_kind', sql`${t.rule} in ('hours', 'points')`),
    check('losap_threshold_positive', sql`${t.threshold} > 0`),
  ],
);

/**
 * One point category of a year's point schedule: fed by tickets of the assignment types and/or
 * of events of the event types listed (at least one source; a source feeds one category of the
 * year, checked by the shared validation). unit 'ticket': `points` per ticket; 'hours': `points`
 * per whole `per_hours` of the tickets' total hours; 'event': `points` per event attended (event
 * tickets only). A ticket counts only when its tour (hours worked) is at least `min_hours` long.
 * cap: the most points the category gives in the year (null: no cap).
 */
export const losapCategory = pgTable(
  'losap_category',
  {
    categoryId: serial().primaryKey(),
    year: integer()
      .notNull()
      .references(() => losapYearRules.year, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    unit: text().notNull(),
    points: numeric({ precision: 6, scale: 2, mode: 'number' }).notNull(),
    perHours: numeric({ precision: 5, scale: 2, mode: 'number' }),
    minHours: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    cap: numeric({ precision: 7, scale: 2, mode: 'number' }),
    assignmentTypeIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    eventTypeIds: integer().array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    check('losap_category_unit', sql`${t.unit} in ('ticket', 'hours', 'event')`),
    check('losap_category_name', sql`char_length(btrim(${t.name})) between 1 and 100`),
    check('losap_category_points_positive', sql`${t.points} > 0`),
    check('losap_category_per_hours', sql`(${t.unit} = 'hours') = (${t.perHours} is not null) and coalesce(${t.perHours}, 1) > 0`),
    check('losap_category_min_hours', sql`${t.minHours} >= 0`),
    check('losap_category_cap', sql`${t.cap} is null or ${t.cap} >= 0`),
    check('losap_category_source', sql`cardinality(${t.assignmentTypeIds}) + cardinality(${t.eventTypeIds}) > 0`),
    index('losap_category_year_idx').on(t.year, t.position),
  ],
);

/**
 * The year end of a LOSAP year (decision 024): no row while the year is 'open'; 'review' once
 * level 9+ opened it; 'certified' once level 9+ certified it (a level-10 reopening sets it back to
 * 'review' with a reason). starts_at/ends_at are the year's first instant and the next year's first
 * instant in ORG_TIMEZONE, computed by the server when the review is opened, so the lock's
 * triggers (migration 0020) test a ticket's or event's start_at without knowing the time zone.
 */
export const losapYearState = pgTable(
  'losap_year_state',
  {
    year: integer().primaryKey(),
    state: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    reviewOpenedAt: timestamp({ withTimezone: true }).notNull(),
    reviewOpenedBy: integer().references(() => officer.officerId),
    certifiedAt: timestamp({ withTimezone: true }),
    certifiedBy: integer().references(() => officer.officerId),
    reopenedAt: timestamp({ withTimezone: true }),
    reopenedBy: integer().references(() => officer.officerId),
    reopenReason: text(),
  },
  (t) => [
    check('losap_year_state_range', sql`${t.year} between 2000 and 2100`),
    check('losap_year_state_kind', sql`${t.state} in ('review', 'certified')`),
    check('losap_year_state_span', sql`${t.endsAt} > ${t.startsAt}`),
    // a certified year says when and by whom; a reopened one why
    check('losap_year_state_certified', sql`${t.state} <> 'certified' or (${t.certifiedAt} is not null and ${t.certifiedBy} is not null)`),
    check('losap_year_state_reopened', sql`(${t.reopenedAt} is null) = (${t.reopenReason} is null) and (${t.reopenReason} is null or char_length(btrim(${t.reopenReason})) between 1 and 1000)`),
  ],
);

/**
 * An officer's attestation of a LOSAP year (decision 024): 'attested' with the figures key he
 * vouched for (figuresKey in src/domain/losapYearEnd.ts); 'disputed' with his comment; 'resolved'
 * by level 9+ with a resolution (he attests again afterwards). No row: not attested.
 */
export const losapAttestation = pgTable(
  'losap_attestation',
  {
    year: integer()
      .notNull()
      .references(() => losapYearState.year),
    officerId: integer()
      .notNull()
      .references(() => officer.officerId),
    state: text().notNull(),
    figuresKey: text(),
    attestedAt: timestamp({ withTimezone: true }),
    disputedAt: timestamp({ withTimezone: true }),
    comment: text(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: integer().references(() => officer.officerId),
    resolution: text(),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.officerId] }),
    check('losap_attestation_state', sql`${t.state} in ('attested', 'disputed', 'resolved')`),
    check('losap_attestation_attested', sql`${t.state} <> 'attested' or (${t.figuresKey} is not null and ${t.attestedAt} is not null)`),
    check('losap_attestation_disputed', sql`${t.state} = 'attested' or (${t.disputedAt} is not null and char_length(btrim(${t.comment})) between 1 and 1000)`),
    check('losap_attestation_resolved', sql`${t.state} <> 'resolved' or (${t.resolvedAt} is not null and ${t.resolvedBy} is not null and char_length(btrim(${t.resolution})) between 1 and 1000)`),
  ],
);
