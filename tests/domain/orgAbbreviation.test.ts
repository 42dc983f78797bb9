import { describe, expect, it } from 'vitest';
import { orgAbbreviation } from '../../src/domain/orgAbbreviation';

describe("the organisation's abbreviation for the phone header", () => {
  it.each([
    ['County Auxiliary Police', 'CAP'],
    ['Nassau County Auxiliary Police', 'NCAP'],
    ['Auxiliary Police of the County of Suffolk', 'APCS'],
    ['NYPD Auxiliary Police', 'NYPDAP'],
    ['Town of Hempstead Auxiliary Police - 3rd Precinct', 'THAP3P'],
    ['  nassau   county  auxiliary police ', 'NCAP'],
    ['Auxiliaries', 'Auxiliaries'],
  ])('%s -> %s', (name, abbreviation) => {
    expect(orgAbbreviation(name)).toBe(abbreviation);
  });
});
