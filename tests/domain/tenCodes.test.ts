import { describe, expect, it } from 'vitest';
import { checkTenCode, pickTenCode, tenCodeLabel, TEN_CODES } from '../../src/domain/tenCodes';

describe('the Ten Code Refresher items (spec §2 Forms page, §9: 43 items)', () => {
  it('has 43 items with numeric codes and unique, non-empty phrases', () => {
    expect(TEN_CODES).toHaveLength(43);
    for (const { code, phrase } of TEN_CODES) {
      expect(Number.isInteger(code) && code > 0, `code of "${phrase}"`).toBe(true);
      expect(tenCodeLabel(code)).toMatch(/^10-\d+$/);
      expect(phrase.trim()).toBe(phrase);
      expect(phrase.length).toBeGreaterThan(0);
      expect(/^[\x20-\x7e]+$/.test(phrase), `ASCII phrase "${phrase}"`).toBe(true);
    }
    expect(new Set(TEN_CODES.map((t) => t.phrase.toLowerCase())).size).toBe(43);
    expect(new Set(TEN_CODES.map((t) => t.code)).size).toBe(43);
  });

  it('knows the codes an auxiliary uses every tour', () => {
    const phraseOf = (code: number) => TEN_CODES.find((t) => t.code === code)?.phrase;
    expect(phraseOf(4)).toBe('Acknowledged');
    expect(phraseOf(41)).toBe('Beginning tour of duty');
    expect(phraseOf(42)).toBe('Ending tour of duty');
  });
});

describe('checking an answer (spec §5 ten-code quiz)', () => {
  const item = { code: 4, phrase: 'Acknowledged' };
  it('refuses anything but digits', () => {
    for (const answer of ['', '  ', 'four', '10-4', '4.0', '-4', '4a']) expect(checkTenCode(item, answer), answer).toBe('notNumeric');
  });
  it('says right or wrong for a number, spaces ignored', () => {
    expect(checkTenCode(item, ' 4 ')).toBe('right');
    expect(checkTenCode(item, '04')).toBe('right');
    expect(checkTenCode(item, '41')).toBe('wrong');
  });
});

describe('picking a phrase at random', () => {
  it('covers every item and never asks the same one twice in a row', () => {
    expect(pickTenCode(() => 0)).toBe(TEN_CODES[0]);
    expect(pickTenCode(() => 0.999999)).toBe(TEN_CODES[42]);
    for (const r of [0, 0.5, 0.999999]) {
      const previous = pickTenCode(() => r);
      expect(pickTenCode(() => r, previous)).not.toBe(previous);
    }
  });
});
