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
  (t) => [
    check('news_text_length', sql`char_length(${t.newsText}) <= 2000`),
    check('news_short_desc_length', sql`char_length(${t.shortDesc}) between 1 and 200`),
  ],
);

/** Which news items an officer has read: the latest one shows on his landing page until he has. */
export const newsRead = pgTable(
  'news_read',
  {
    officerId: integer()
      .notNull()
      .references(() => officer.officerId, { onDelete: 'cascade' }),
    newsId: integer()
      .notNull()
      .references(() => news.newsId, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.officerId, t.newsId] })],
);

/**
 * Upload (spec §3): a 159, a LOSAP notice or a Forms page document (upload types 3-7), with its
 * file bytes kept in the database beside the record (one backup holds everything). A Forms
 * document may instead be a plain link (link_url, no file).
 */
export const upload = pgTable(
  'upload',
  {
    uploadId: serial().primaryKey(),
    uploadTypeId: integer().notNull().references(() => uploadType.uploadTypeId),
    dateEntered: date({ mode: 'string' }).notNull(),
    description: text().notNull(),
    filename: text(),
    contentType: text(),
    file: bytea(),
    linkUrl: text(),
    enteredBy: integer().references(() => officer.officerId),
    updatedTimestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('upload_description_length', sql`char_length(${t.description}) <= 535`),
    check(
      'upload_file_or_link',
      sql`(${t.file} is not null and ${t.filename} is not null and ${t.contentType} is not null and ${t.linkUrl} is null)
        or (${t.file} is null and ${t.filename} is null and ${t.contentType} is null and ${t.linkUrl} is not null and ${t.uploadTypeId} >= 3)`,
    ),
    check('upload_link_length', sql`char_length(${t.linkUrl}) <= 2000`),
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
