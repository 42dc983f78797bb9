/** The search fields carried in a report's query string (spec §2 /Reports/...), empty values left out. */
export function reportQueryString(values: Record<string, unknown>, keys: readonly string[]): string {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = values[key];
    if (value !== undefined && value !== null && value !== '' && value !== 0) params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The report's search fields read back from a query string ('' for an absent one). */
export function reportQueryValues<K extends string>(search: string, keys: readonly K[]): Record<K, string> {
  const params = new URLSearchParams(search);
  return Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
}

/** Hours to 2 decimals (spec §2 Statistics). */
export const hours2 = (n: number | null | undefined) => (Number(n) || 0).toFixed(2);
