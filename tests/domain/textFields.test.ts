import { describe, expect, it } from 'vitest';
import { hasNoControlCharacters } from '../../src/domain/validators';
import { newsFields } from '../../src/domain/schemas/news';
import { uploadFields } from '../../src/domain/schemas/uploads';
import { zodFormErrors } from '../../src/common/zodFormErrors';

const message = 'Control characters and line breaks are not allowed.';
// CR, LF, TAB, NUL, ESC, DEL, C1 NEL and CSI, the Unicode line and paragraph separators.
const controls = ['\r', '\n', '\t', '\u0000', '\u001B', '\u007F', '\u0085', '\u009B', '\u2028', '\u2029'];
const nameOf = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

describe('hasNoControlCharacters: the single-line text check', () => {
  it('is false for every C0 and C1 control character, DEL and the Unicode line and paragraph separators', () => {
    for (const c of controls) expect(hasNoControlCharacters(`Do${c}e`), nameOf(c)).toBe(false);
    for (let code = 0; code < 0x20; code++) expect(hasNoControlCharacters(String.fromCharCode(code)), nameOf(String.fromCharCode(code))).toBe(false);
    for (let code = 0x7f; code < 0xa0; code++) expect(hasNoControlCharacters(String.fromCharCode(code)), nameOf(String.fromCharCode(code))).toBe(false);
  });

  it('is true for ordinary text, accents, punctuation and the no-break space', () => {
    for (const text of ['Smith', "O'Neil-Ávila", 'Zoë Muñoz', '12 Elm St, Apt 3', 'a\u00A0b', '']) expect(hasNoControlCharacters(text), text).toBe(true);
  });
});

describe('single-line and multi-line fields of news items and uploads', () => {
  const news = (o: Record<string, unknown>) => zodFormErrors(newsFields, { dateEntered: '03/30/2026', shortDesc: 'Title', newsText: 'Text', ...o });
  const upload = (o: Record<string, unknown>) =>
    zodFormErrors(uploadFields, { uploadType: { uploadTypeId: 3 }, dateEntered: '03/30/2026', description: 'Forms', ...o });

  it('refuses control characters and line breaks in a news title (a one-line input)', () => {
    for (const c of controls) expect(news({ shortDesc: `Road${c}closure` }), nameOf(c)).toEqual({ shortDesc: message });
  });

  it('keeps line breaks in the news text (a text area)', () => {
    expect(news({ newsText: 'First line\r\nSecond line\n\tIndented' })).toEqual({});
  });

  it('refuses control characters in a Forms link (a one-line input), and keeps line breaks in the upload description', () => {
    expect(upload({ linkUrl: 'https://forms.example.org/a\u0001b' })).toEqual({ linkUrl: message });
    expect(upload({ linkUrl: 'https://forms.example.org/a\u007Fb' })).toEqual({ linkUrl: message });
    expect(upload({ linkUrl: 'https://forms.example.org/form.pdf' })).toEqual({});
    expect(upload({ description: 'Line one\r\nLine two' })).toEqual({});
  });
});
