/**
 * Generic field checks of spec §5 ("Generic checks"), shared by the browser forms and the
 * server's zod schemas. Each function takes the (trimmed) text and returns true when it passes.
 * Empty values are the caller's business: these checks say nothing about "required".
 */

/**
 * E-mail (spec §5): exactly one '@', not first and not within the last 3 characters; the
 * characters either side of it alphanumeric; a dot after the '@', not last, with alphanumeric
 * characters either side of the last dot. Also: no spaces, the part after '@' only letters, digits,
 * dots and hyphens ending in a letter or digit, the part before it only letters, digits and . _ % + -.
 * isValidEmail('a.b@example.org') -> true; isValidEmail('a@b') -> false.
 */
export function isValidEmail(value: string): boolean {
  if (/\s/.test(value)) return false;
  const at = value.indexOf('@');
  if (at <= 0 || value.indexOf('@', at + 1) !== -1) return false;
  if (at >= value.length - 3) return false;
  const alnum = /^[A-Za-z0-9]$/;
  if (!alnum.test(value[at - 1]) || !alnum.test(value[at + 1])) return false;
  const dot = value.lastIndexOf('.');
  if (dot <= at + 1 || dot === value.length - 1) return false;
  if (!/^[A-Za-z0-9._%+-]+$/.test(value.slice(0, at)) || !/^[A-Za-z0-9.-]*[A-Za-z0-9]$/.test(value.slice(at + 1))) return false;
  return alnum.test(value[dot - 1]) && alnum.test(value[dot + 1]);
}

/**
 * Zip (spec §5, §9): 5 digits, or 5 digits, an optional separator (hyphen or space) and 4 digits.
 * '11501', '11501-1234', '11501 1234', '115011234' pass.
 */
export function isValidZip(value: string): boolean {
  return /^\d{5}(?:[- ]?\d{4})?$/.test(value);
}

/** Phone (spec §5, §9): 999-999-9999. */
export function isValidPhone(value: string): boolean {
  return /^\d{3}-\d{3}-\d{4}$/.test(value);
}

/**
 * Web address (spec §5 location 'Invalid web address format regex'): optional http:// or
 * https://, a host name with at least one dot and a 2+ letter top-level domain, optional port
 * and path. 'www.example.org', 'https://example.org/a?b=1' pass; 'javascript:alert(1)' fails.
 */
export function isValidWebAddress(value: string): boolean {
  return /^(?:https?:\/\/)?(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}(?::\d{1,5})?(?:[/?#][^\s]*)?$/.test(value);
}

/** ASCII-only check (spec §5): printable ASCII plus tab, carriage return and line feed. */
export function isAscii(value: string): boolean {
  return /^[\t\n\r\x20-\x7E]*$/.test(value);
}

/** Digits-only check (spec §5). Empty is false. */
export function isDigitsOnly(value: string): boolean {
  return /^\d+$/.test(value);
}

/** The other ID format of spec §5: 3 digits, hyphen, 3 digits, hyphen, then digits ('123-456-789'). */
export function isIdFormat(value: string): boolean {
  return /^\d{3}-\d{3}-\d+$/.test(value);
}

/**
 * Unicode bidirectional control characters: the embeddings and overrides U+202A-U+202E
 * (U+202E is the right-to-left override that makes 'fdp.exe' read 'exe.pdf'), the isolates
 * U+2066-U+2069, the marks U+200E, U+200F and U+061C. They change how the text around them is
 * shown, so names and descriptions refuse them.
 */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** True when the text holds no bidirectional control character. hasNoBidiControls('Smith') -> true. */
export function hasNoBidiControls(value: string): boolean {
  return !BIDI_CONTROLS.test(value);
}

/**
 * Control characters and line separators a one-line input never holds: every C0 control
 * (U+0000-U+001F: NUL, TAB, LF, CR, ESC, ...), DEL and the C1 controls (U+007F-U+009F, NEL
 * included), and the Unicode line and paragraph separators U+2028 and U+2029. A carriage return
 * or line feed in a name splits the officer's row in a CSV export or a log line, ESC sequences
 * drive terminals, and none of them can be typed into a one-line field: they arrive pasted or
 * forged. Multi-line text areas keep their line breaks (they are checked with isAscii).
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

/**
 * True when the text holds no control character or line separator (CONTROL_CHARACTERS): the
 * check of one-line fields (names, addresses, titles, links). hasNoControlCharacters('Smith') ->
 * true; hasNoControlCharacters('Smi\rth') -> false.
 */
export function hasNoControlCharacters(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value);
}
