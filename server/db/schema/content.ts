import { sql } from 'drizzle-orm';
import { pgTable, integer, text, timestamp, date, serial, primaryKey, check, customType, index } from 'drizzle-orm/pg-core';
import { uploadType } from './lookups';
import { officer } from './officers';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** News item (spec §3). */
export const news = pgTable(
  'news',
  {
    newsId: serial().primaryKey(),
    dateEntered: date({ mode: 'string' }).notNull(),
    shortDesc: text().notNull(),
    newsText: text().notNull(),
    enteredBy: integer().references(() => officer.officerId),
    updatedTimestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('news_text_length', sql`char_length(${t.newsText}) <= 2000`)],
);

/** Upload (spec §3): a 159 or LOSAP notice, with its file bytes kept in the database. */
export const upload = pgTable(
  'upload',
  {
    uploadId: serial().primaryKey(),
    uploadTypeId: integer().notNull().references(() => uploadType.uploadTypeId),
    dateEntered: date({ mode: 'string' }).notNull(),
    description: text().notNull(),
    filename: text().notNull(),
    contentType: text().notNull(),
    file: bytea().notNull(),
    enteredBy: integer().references(() => officer.officerId),
    updatedTimestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('upload_description_length', sql`char_length(${t.description}) <= 535`),
    index('upload_type_date_idx').on(t.uploadTypeId, t.dateEntered),
  ],
);

/** 159 sign-off: an officer certified reading an upload at signoff_timestamp. */
export const uploadSignoff = pgTable(
  'upload_signoff',
  {
    uploadId: integer().notNull().references(() => upload.uploadId, { onDelete: 'cascade' }),
    officerId: integer().notNull().references(() => officer.officerId),
    signoffTimestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.officerId] }), index('upload_signoff_officer_idx').on(t.officerId)],
);
