/** Short words left out of an abbreviation ('Police Department of the City' -> 'PDC'). */
const SMALL_WORDS = new Set(['of', 'the', 'and', 'for', 'at', 'in', 'on', 'a', 'an', '&']);

/**
 * The organisation's abbreviation, which the signed-in header shows on a phone (under 600 px)
 * instead of a name cut off mid-word. Roll Call has no setting for it: it is derived from the
 * organisation's name (ORG_NAME in server/config.ts, which GET /api/config answers as orgName;
 * default 'County Auxiliary Police' -> 'CAP'): the first letter or digit of each word, in capitals,
 * leaving out small words (of, the, and, for, at, in, on, a, an, &); a word written all in
 * capitals is an abbreviation already and stays whole ('NYPD Auxiliary Police' -> 'NYPDAP').
 * Words are separated by blanks, hyphens and slashes. A one-word name is its own abbreviation.
 * Should an organisation's initials read badly, an ORG_ABBREVIATION setting in server/config.ts,
 * answered by /api/config, would be the place to override this.
 */
export function orgAbbreviation(name: string): string {
  const words = name
    .split(/[\s\-\u2013\u2014/]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}&]/gu, ''))
    .filter(Boolean);
  if (words.length <= 1) return name.trim();
  const letters = words
    .filter((word) => !SMALL_WORDS.has(word.toLowerCase()))
    .map((word) => (word.length > 1 && /^\p{Lu}+$/u.test(word) ? word : word[0].toUpperCase()))
    .join('');
  return letters || name.trim();
}
