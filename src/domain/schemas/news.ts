/**
 * Newsfeed wire shapes (spec §3 News, §5 News, §7 news calls), shared by the server (request
 * validation, OpenAPI) and the browser (form). Dates MM/DD/YYYY; timestamps ISO 8601.
 */
import './jitless';
import { z } from 'zod';
import { wholeNumberText } from './common';
import { US_DATE, usDateText, instantText } from './wire';
import { format, rc } from '../messages';
import { LIMITS, PAGE_SIZES } from '../constants';
import { hasNoBidiControls, hasNoControlCharacters, isAscii } from '../validators';
import { isValidDate } from '../dates';

const v = rc.news.validation;
const tooLong = (max: number) => format(rc.validation.tooLong, { max });

/** Longest news title (not in the spec; a title is one line). */
export const NEWS_TITLE_MAX = 200;
/** News items with this id or less cannot be removed (spec §6, §9). */
export const NEWS_PERMANENT_MAX_ID = 1;

/**
 * Body of POST /api/news/insert and PUT /api/news/update (spec §5 News): dateEntered MM/DD/YYYY
 * ('Date is required'), shortDesc the title ('Title is required', at most 200), newsText ('News
 * text is required', at most 2000, ASCII only: 'News Content has non-ASCII characters. Please
 * remove!'); line breaks are kept. enteredBy, updatedTimestamp and hasChildren are read-only
 * (accepted and ignored); any other field is refused (400).
 */
export const newsFields = z
  .object({
    newsId: z.number().int().min(0).nullish(),
    dateEntered: z
      .string({ error: rc.validation.dateRequired })
      .trim()
      .min(1, rc.validation.dateRequired)
      .refine(isValidDate, rc.validation.invalidDate).meta(US_DATE),
    shortDesc: z
      .string({ error: v.titleRequired })
      .trim()
      .min(1, v.titleRequired)
      .max(NEWS_TITLE_MAX, tooLong(NEWS_TITLE_MAX))
      .refine(hasNoBidiControls, rc.validation.bidiControl)
      .refine(hasNoControlCharacters, rc.validation.controlCharacter),
    newsText: z
      .string({ error: v.newsTextRequired })
      .trim()
      .min(1, v.newsTextRequired)
      .max(LIMITS.NEWS_TEXT, tooLong(LIMITS.NEWS_TEXT))
      .refine(hasNoBidiControls, rc.validation.bidiControl)
      .refine(isAscii, v.newsTextAscii),
    enteredBy: z.unknown().optional(),
    updatedTimestamp: z.unknown().optional(),
    hasChildren: z.unknown().optional(),
  })
  .strict();
export type NewsInput = z.infer<typeof newsFields>;

/** PUT /api/news/update body: the news item with its newsId (> 0). */
export const newsUpdate = newsFields.refine((n) => (n.newsId ?? 0) > 0, { path: ['newsId'], message: rc.validation.required });

/** The news item as the API answers it (spec §3 News). */
export const newsJson = z.object({
  newsId: z.number(),
  /** MM/DD/YYYY */
  dateEntered: usDateText(),
  /** The title. */
  shortDesc: z.string(),
  /** The text, line breaks kept. */
  newsText: z.string(),
  /** Officer id of who saved it last. */
  enteredBy: z.number().nullable(),
  /** ISO 8601 */
  updatedTimestamp: instantText(),
  /** 'Y' for the items that cannot be removed (id 1 or less, spec §6). */
  hasChildren: z.enum(['Y', 'N']),
});
export type NewsJson = z.infer<typeof newsJson>;

export const NEWS_SORT_KEYS = ['newsId', 'dateEntered', 'shortDesc'] as const;

/** Query of GET /api/news/getMultiple: react-admin's _sort/_order/_start/_end (default newest first; _sort 'id' is newsId). */
export const newsListQuery = z.object({
  _sort: z.preprocess((x) => (x === '' ? undefined : x === 'id' ? 'newsId' : x), z.enum(NEWS_SORT_KEYS).optional()),
  _order: z.preprocess((x) => (typeof x === 'string' ? x.toUpperCase() : x), z.enum(['ASC', 'DESC']).optional()),
  _start: wholeNumberText(0).optional(),
  _end: wholeNumberText(0).optional(),
});
export type NewsListQuery = z.infer<typeof newsListQuery>;

/** Most rows one page holds: the largest page size of spec §9 (200). */
export const MAX_NEWS_PAGE = Math.max(...PAGE_SIZES);
