import englishMessages from 'ra-language-english';
import { common } from './common';
import { auth } from './auth';
import { menu } from './menu';
import { events } from './events';
import { locations } from './locations';
import { signups } from './signups';
import { tickets } from './tickets';
import { uploads } from './uploads';
import { news } from './news';
import { officers } from './officers';
import { statistics, training } from './statistics';
import { quiz } from './quiz';
import { audit } from './audit';
import { review } from './review';
import { profile } from './profile';
import { charts } from './charts';
import { download } from './download';
import { losap } from './losap';
import { exports } from './exports';
import { imports } from './imports';
import { reminders } from './reminders';
import { calendar, settings, notices } from './calendar';
import { secondFactor } from './secondFactor';
import { offline } from './offline';

/**
 * The one English catalog: every user-visible string and every spec message.
 * Roll Call's own strings live under `rc`; react-admin's under `ra`.
 * Server code imports `rc` directly so API answers carry the spec's exact wording.
 */
export const rc = {
  ...common, auth, menu, events, locations, signups, tickets, uploads, news, quiz, officers, statistics, training, audit, review, profile, charts, download,
  losap, exports, imports, reminders, calendar, settings, notices, secondFactor, offline,
} as const;

export const englishCatalog = { ...englishMessages, rc };

/** Fills %{name} placeholders the way polyglot does. format('Error %{status}', {status: 409}) -> 'Error 409'. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/%\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}
