/*
 * In-memory sorting of the lists the server answers without X-Total-Count. dataProvider.getList
 * imports this module when it first needs it, so dayjs stays out of the sign-in page.
 */
import type { SortPayload } from 'react-admin';
import { compareDates, isValidDate } from '../domain/dates';

type Row = Record<string, unknown>;

/** Reads a dotted path ('officer.lastName') from a record. */
export function getPath(row: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Row)[k] : undefined), row);
}

function compareValues(a: unknown, b: unknown): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const sa = String(a);
  const sb = String(b);
  if (isValidDate(sa) && isValidDate(sb)) return compareDates(sa, sb);
  const na = Number(sa);
  const nb = Number(sb);
  if (sa.trim() !== '' && sb.trim() !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return sa.localeCompare(sb, 'en', { sensitivity: 'base' });
}

/**
 * Sorts rows in memory by a field (dotted paths allowed): numbers numerically, MM/DD/YYYY dates as
 * dates, other text case-insensitively; empty values first when ascending. Stable.
 */
export function sortRows<T>(rows: T[], sort: SortPayload | undefined): T[] {
  if (!sort?.field) return rows;
  const dir = sort.order === 'DESC' ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => dir * compareValues(getPath(x.row, sort.field), getPath(y.row, sort.field)) || x.index - y.index)
    .map((x) => x.row);
}
