import { describe, expect, it } from 'vitest';
import { spreadsheetCell } from '../../src/domain/spreadsheetCell';

describe('spreadsheetCell: a cell Excel or LibreOffice cannot run as a formula (OWASP CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/","click")', `'=HYPERLINK("http://evil.example/","click")`],
    ['+1+cmd|/C calc!A0', `'+1+cmd|/C calc!A0`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['-5', `'-5`],
  ])('writes the text %j inert, behind a single quote', (text, cell) => {
    expect(spreadsheetCell(text)).toBe(cell);
  });

  it('leaves every other text as it is, a formula character later in the text included', () => {
    for (const text of ['Roster, Rita', "O'Brien", 'a=b', 'mobile: 516-555-0121 -> 516-555-0999', ' =1', '', "'=already quoted"]) {
      expect(spreadsheetCell(text)).toBe(text);
    }
  });

  it('keeps numbers as numbers, negative ones too; blank for null and undefined', () => {
    expect(spreadsheetCell(-5)).toBe(-5);
    expect(spreadsheetCell(310)).toBe(310);
    expect(spreadsheetCell(0)).toBe(0);
    expect(spreadsheetCell(null)).toBe('');
    expect(spreadsheetCell(undefined)).toBe('');
  });

  it('writes a number that is no figure (NaN, -Infinity) as inert text', () => {
    expect(spreadsheetCell(Number.NaN)).toBe('NaN');
    expect(spreadsheetCell(Number.NEGATIVE_INFINITY)).toBe(`'-Infinity`);
  });
});
