import { zodFormErrors } from '../../common/zodFormErrors';
import { newsFields, type NewsJson } from '../../domain/schemas/news';

export type NewsFormValues = Partial<NewsJson>;

/** A new news item dated `today` (MM/DD/YYYY). */
export function newNewsDefaults(today: string): NewsFormValues {
  return { dateEntered: today, shortDesc: '', newsText: '' };
}

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The body of /api/news/insert or /update (spec §3 News): date, title and text trimmed (the text
 * keeps its inner line breaks), with newsId when editing.
 */
export function toNewsBody(values: NewsFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    dateEntered: trim(values.dateEntered),
    shortDesc: trim(values.shortDesc),
    newsText: trim(values.newsText),
  };
  if (values.newsId) body.newsId = values.newsId;
  return body;
}

/**
 * The spec §5 news messages for the form, from the schema the server uses: 'Date is required',
 * 'Title is required', 'News text is required', 'News Content has non-ASCII characters. Please
 * remove!', at most 2000 characters of text (200 of title).
 */
export function validateNewsForm(values: NewsFormValues): Record<string, unknown> {
  return zodFormErrors(newsFields, toNewsBody(values));
}
