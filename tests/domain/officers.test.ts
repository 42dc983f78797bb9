import { describe, expect, it } from 'vitest';
import { changedAdminFields, officerRulesSchema, type OfficerJson } from '../../src/domain/schemas/officers';
import { statisticsSearchSchema } from '../../src/domain/schemas/statistics';
import { chosenEventsBody, trainingFilterSchema } from '../../src/domain/schemas/training';
import { zodFormErrors } from '../../src/common/zodFormErrors';
import { can } from '../../src/domain/access';

/** A complete, valid officer body (spec §3), override any field. */
function body(over: Record<string, unknown> = {}) {
  return {
    officerId: 120,
    login: 'jdoe',
    password: 'Welcome123',
    passwordExpireInterval: 90,
    firstName: 'Jane',
    middle: 'Q',
    lastName: 'Doe',
    precinct: { precinctId: 1 },
    appointmentDate: '01/15/2020',
    separationDate: '',
    rank: { rankId: 1 },
    homeStreetAddr1: '1 Main St',
    homeCity: 'Mineola',
    homeState: { stateId: 33 },
    homeZip: '11501',
    homePhone: '516-555-0100',
    mobile: '516-555-0101',
    homeEmail: 'jane@example.org',
    deptEmail: 'jane@aux.example.org',
    accessType: { accessTypeId: 1 },
    badgeNumber: 1234,
    handcuffNumber: 5678,
    soundex: 'D123-456-789',
    ...over,
  };
}

const errorsOf = (wording: 'field' | 'alert', values: Record<string, unknown>, isNew = true) =>
  zodFormErrors(officerRulesSchema({ isNew, superUserId: 1, wording }), values);
const first = (wording: 'field' | 'alert', values: Record<string, unknown>, isNew = true) => {
  const r = officerRulesSchema({ isNew, superUserId: 1, wording }).safeParse(values);
  return r.success ? null : r.error.issues[0].message;
};

describe('officer save rules (spec §5 Officer save alerts and officer field messages)', () => {
  it('passes a complete officer', () => {
    expect(errorsOf('field', body())).toEqual({});
    expect(errorsOf('alert', body())).toEqual({});
  });

  // [change, field message (the form), alert (the API)]
  it.each([
    [{ officerId: 0 }, 'officerId', 'Officer ID must be > 0', 'Officer ID required!'],
    [{ officerId: null }, 'officerId', 'Officer ID must be > 0', 'Officer ID required!'],
    [{ officerId: -3 }, 'officerId', 'Officer ID must be > 0', 'Officer ID required!'],
    [{ firstName: 'Jane2' }, 'firstName', 'Numbers not allowed in first name!', 'Numbers not allowed in first name!'],
    [{ middle: 'Q1' }, 'middle', 'Numbers not allowed in middle name!', 'Numbers not allowed in middle name!'],
    [{ lastName: 'D0e' }, 'lastName', 'Numbers not allowed in last name!', 'Numbers not allowed in last name!'],
    [{ precinct: { precinctId: 0 } }, 'precinct', { precinctId: 'Must select precinct' }, 'Must Select Precinct!'],
    [{ precinct: null }, 'precinct', { precinctId: 'Required' }, 'Must Select Precinct!'],
    [{ rank: { rankId: 0 } }, 'rank', { rankId: 'Must select rank' }, 'Rank required!'],
    [{ rank: undefined }, 'rank', { rankId: 'Required' }, 'Rank required!'],
    [{ homeZip: '1150' }, 'homeZip', 'Invalid postal code format', 'Invalid Zipcode!'],
    [{ homeZip: '' }, 'homeZip', 'Zip code is required', 'Zip code is required'],
    [{ homePhone: '5165550100' }, 'homePhone', 'Invalid phone number format - must be 999-999-9999', 'Invalid Phone! Must be in 999-999-9999 format!'],
    [{ mobile: '516-5550101' }, 'mobile', 'Invalid phone number format - must be 999-999-9999', 'Invalid Phone! Must be in 999-999-9999 format!'],
    [{ homeEmail: 'jane@example' }, 'homeEmail', 'Invalid email format', 'Invalid Email Format!'],
    [{ deptEmail: '@aux.example.org' }, 'deptEmail', 'Invalid email format', 'Invalid Email Format!'],
    [{ accessType: { accessTypeId: 0 } }, 'accessType', { accessTypeId: 'Must select access level' }, 'Access level required!'],
    [{ accessType: null }, 'accessType', { accessTypeId: 'Must select access level' }, 'Access level required!'],
    [{ badgeNumber: 0 }, 'badgeNumber', 'Badge number must be > 0', 'Badge # must be an integer value > zero!'],
    [{ badgeNumber: 2.5 }, 'badgeNumber', 'Badge number must be > 0', 'Badge # must be an integer value > zero!'],
    [{ handcuffNumber: -1 }, 'handcuffNumber', 'Handcuff number must be > 0', 'Handcuff # be an integer value > zero!'],
    [{ login: ' ' }, 'login', 'Required', 'Required'],
    [{ password: '' }, 'password', 'Required', 'Required'],
    [{ password: '12345678' }, 'password', 'Password must be an alphanumeric string between 8 and 12 characters long.', 'Password must be an alphanumeric string between 8 and 12 characters long.'],
    [{ password: 'Welcome123', verifyPassword: 'Welcome124' }, 'password', 'Passwords do not match!', 'Passwords do not match!'],
    [{ passwordExpireInterval: '' }, 'passwordExpireInterval', 'Required', 'Required'],
    [{ passwordExpireInterval: -1 }, 'passwordExpireInterval', 'Must be a whole number of 0 or more', 'Must be a whole number of 0 or more'],
    [{ firstName: '' }, 'firstName', 'Required', 'Required'],
    [{ lastName: null }, 'lastName', 'Required', 'Required'],
    [{ homeState: { stateId: 0 } }, 'homeState', { stateId: 'Required' }, 'Required'],
    [{ homePhone: '' }, 'homePhone', 'Required', 'Required'],
    [{ mobile: '' }, 'mobile', 'Required', 'Required'],
    [{ homeEmail: '' }, 'homeEmail', 'Required', 'Required'],
    [{ deptEmail: '' }, 'deptEmail', 'Required', 'Required'],
    [{ badgeNumber: '' }, 'badgeNumber', 'Required', 'Required'],
    [{ handcuffNumber: null }, 'handcuffNumber', 'Required', 'Required'],
    [{ soundex: '' }, 'soundex', 'Required', 'Required'],
    [{ homeStreetAddr1: '' }, 'homeStreetAddr1', 'required', 'required'],
    [{ homeCity: '  ' }, 'homeCity', 'required', 'required'],
    [{ appointmentDate: '' }, 'appointmentDate', 'Date is required', 'Date is required'],
    [{ appointmentDate: '2020-01-15' }, 'appointmentDate', 'Invalid date - use MM/DD/YYYY', 'Invalid date - use MM/DD/YYYY'],
    [{ separationDate: '13/01/2026' }, 'separationDate', 'Invalid date - use MM/DD/YYYY', 'Invalid date - use MM/DD/YYYY'],
  ])('%o: the form says %s %o, the API %s', (change, field, fieldMessage, alert) => {
    expect(errorsOf('field', body(change))).toEqual({ [field]: fieldMessage });
    expect(first('alert', body(change))).toBe(alert);
  });

  it('keeps separation date and middle name optional, and a password optional on update', () => {
    expect(errorsOf('field', body({ separationDate: null, middle: '' }))).toEqual({});
    expect(errorsOf('field', body({ password: '' }), false)).toEqual({});
  });

  it('reports every problem in the form order, so the API answers the first', () => {
    const r = officerRulesSchema({ isNew: true, superUserId: 1, wording: 'alert' }).safeParse(
      body({ officerId: 0, firstName: 'J4ne', homeZip: 'x', badgeNumber: 0, handcuffNumber: 0 }),
    );
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual([
      'Officer ID required!',
      'Numbers not allowed in first name!',
      'Invalid Zipcode!',
      'Badge # must be an integer value > zero!',
      'Handcuff # be an integer value > zero!',
    ]);
  });

  it('lets exempt officers (1, 2, 3, 767) leave the profile fields blank, still checking what they fill in', () => {
    const blankProfile = {
      appointmentDate: '', homeStreetAddr1: '', homeCity: '', homeState: null, homeZip: '', homePhone: '', mobile: '', homeEmail: '',
      deptEmail: '', badgeNumber: null, handcuffNumber: null, soundex: '',
    };
    expect(errorsOf('field', body({ officerId: 767, ...blankProfile }))).toEqual({});
    expect(errorsOf('field', body({ officerId: 120, ...blankProfile }))).not.toEqual({});
    expect(errorsOf('field', body({ officerId: 2, ...blankProfile, mobile: '5165550101' }))).toEqual({ mobile: 'Invalid phone number format - must be 999-999-9999' });
  });

  it('does not ask the super user for an access level (the form shows "(Super User)")', () => {
    expect(errorsOf('field', body({ officerId: 1, accessType: undefined }))).toEqual({});
    expect(errorsOf('field', body({ officerId: 120, accessType: undefined }))).toEqual({ accessType: { accessTypeId: 'Must select access level' } });
  });

  it('refuses unknown fields and a non-number badge with the alert', () => {
    expect(officerRulesSchema({ isNew: true, superUserId: 1 }).safeParse(body({ passwordHash: 'x' })).success).toBe(false);
    const r = officerRulesSchema({ isNew: true, superUserId: 1, wording: 'alert' }).safeParse(body({ badgeNumber: 'abc' }));
    expect(r.error!.issues[0].message).toBe('Badge # must be an integer value > zero!');
  });
});

describe('control characters and line breaks in the officer text fields (all single-line inputs)', () => {
  const message = 'Control characters and line breaks are not allowed.';
  // CR, LF, TAB, NUL, ESC, DEL, C1 NEL and CSI, the Unicode line and paragraph separators.
  const controls = ['\r', '\n', '\t', '\u0000', '\u001B', '\u007F', '\u0085', '\u009B', '\u2028', '\u2029'];

  it.each(controls.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, c]))('refuses %s inside a name, in the form and the API alike', (_, c) => {
    for (const field of ['firstName', 'middle', 'lastName'] as const) {
      expect(errorsOf('field', body({ [field]: `Do${c}e` })), field).toEqual({ [field]: message });
      expect(first('alert', body({ [field]: `Do${c}e` })), field).toBe(message);
    }
  });

  it('refuses them in the other officer text fields too', () => {
    for (const field of ['login', 'homeStreetAddr1', 'homeCity', 'homeZip', 'homePhone', 'mobile', 'homeEmail', 'deptEmail', 'soundex', 'appointmentDate']) {
      expect(errorsOf('field', body({ [field]: 'a\rb' })), field).toEqual({ [field]: message });
    }
  });

  it('trims blanks and line breaks around a name, as before, and keeps accented names', () => {
    expect(errorsOf('field', body({ lastName: 'Doe\r\n', firstName: '\tJane ' }))).toEqual({});
    expect(errorsOf('field', body({ lastName: 'Muñoz', firstName: 'Zoë', middle: "O'Neil-Ávila" }))).toEqual({});
  });
});

describe('changedAdminFields: what a body would change beyond the contact fields', () => {
  const stored: OfficerJson = {
    officerId: 120, badgeNumber: 1234, handcuffNumber: 5678, login: 'jdoe', precinct: { precinctId: 1, description: '1st Precinct', abbr: '01' },
    appointmentDate: '01/15/2020', separationDate: null, firstName: 'Jane', middle: 'Q', lastName: 'Doe',
    rank: { rankId: 1, description: 'Auxiliary Police Officer' }, homeStreetAddr1: '1 Main St', homeCity: 'Mineola',
    homeState: { stateId: 33, stateAbbr: 'NY', stateName: 'New York' }, homeZip: '11501', homePhone: '516-555-0100', mobile: '516-555-0101',
    homeEmail: 'jane@example.org', deptEmail: 'jane@aux.example.org', homeEmailConfirmed: true, deptEmailConfirmed: true, accessType: { accessTypeId: 1, description: 'Officer' },
    lastLoginDate: null, passwordExpireInterval: 90, passwordChangedDate: null, soundex: 'D123-456-789', updatedBy: null,
    updatedTimestamp: '2026-01-01T00:00:00.000Z', flaggedCount: 0, unreadMemos: 0, hasChildren: 'N', profileComplete: true,
  };
  const asSent = { ...body({ password: '' }), lastLoginDate: null, flaggedCount: 0, hasChildren: 'N' };
  it('finds nothing in the record sent back as read, whatever its contact fields say', () => {
    expect(changedAdminFields(officerRulesSchema({ isNew: false, superUserId: 1 }).parse(asSent), stored)).toEqual([]);
    expect(changedAdminFields({ ...asSent, mobile: '516-555-9999', homeZip: '11530' } as never, stored)).toEqual([]);
  });
  it('names each changed field', () => {
    const changed = changedAdminFields(
      { ...asSent, accessType: { accessTypeId: 10 }, login: 'boss', rank: { rankId: 4 }, precinct: { precinctId: 2 }, password: 'Newpass123', separationDate: '01/01/2027' } as never,
      stored,
    );
    expect(changed).toEqual(['login', 'password', 'precinct', 'separationDate', 'rank', 'accessType']);
    expect(changedAdminFields({ badgeNumber: null } as never, stored)).toEqual(['badgeNumber']);
    expect(changedAdminFields({} as never, stored)).toEqual([]);
  });
});

describe('who may change officers (spec §6)', () => {
  it('lets level 10 write anyone; below, only one\'s own contact fields, also with an incomplete profile', () => {
    for (const level of [1, 3, 5, 9]) {
      expect(can({ officerId: 7, accessLevel: level }, 'officer:write')).toBe(false);
      expect(can({ officerId: 7, accessLevel: level }, 'officer:update-contact', { officerId: 7 })).toBe(true);
      expect(can({ officerId: 7, accessLevel: level }, 'officer:update-contact', { officerId: 8 })).toBe(false);
      expect(can({ officerId: 7, accessLevel: level }, 'officer:roster')).toBe(false);
    }
    expect(can({ officerId: 7, accessLevel: 10 }, 'officer:write')).toBe(true);
    expect(can({ officerId: 7, accessLevel: 10 }, 'officer:roster')).toBe(true);
    const incomplete = { officerId: 7, accessLevel: 10, profileIncomplete: true };
    expect(can(incomplete, 'officer:update-contact', { officerId: 7 })).toBe(true);
    expect(can(incomplete, 'officer:read', { officerId: 7 })).toBe(true);
    expect(can(incomplete, 'officer:read', { officerId: 8 })).toBe(false);
    expect(can(incomplete, 'officer:write')).toBe(false);
    expect(can({ officerId: 7, accessLevel: 10, passwordChangeOnly: true }, 'officer:update-contact', { officerId: 7 })).toBe(false);
  });
});

describe('statistics search (spec §5: as the event search, detachment required)', () => {
  const msgs = (q: Record<string, unknown>) => {
    const r = statisticsSearchSchema.safeParse(q);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };
  it.each([
    [{}, [['sinceDate', 'Must enter at least one search criteria!'], ['assignedPct', 'Detachment is required']]],
    [{ assignedPct: '3' }, [['sinceDate', 'Must enter since date!']]],
    [{ assignedPct: '3', untilDate: '03/31/2026' }, [['sinceDate', 'Cannot enter until date without since date!']]],
    [{ assignedPct: '3', sinceDate: '04/01/2026', untilDate: '03/31/2026' }, [['untilDate', 'Since date must be <= until date!']]],
    [{ assignedPct: '3', sinceDate: '04/01/2026', untilDate: '2026-04-30' }, [['untilDate', 'Invalid date - use MM/DD/YYYY']]],
    [{ sinceDate: '03/01/2026', untilDate: '03/31/2026' }, [['assignedPct', 'Detachment is required']]],
    [{ assignedPct: '', sinceDate: '03/01/2026' }, [['assignedPct', 'Detachment is required']]],
    [{ assignedPct: '3', sinceDate: '03/01/2026', untilDate: '03/31/2026' }, []],
    [{ assignedPct: 3, sinceDate: '03/01/2026' }, []],
  ])('%o -> %o', (q, expected) => {
    expect(msgs(q)).toEqual(expected);
  });
});

describe('training compliance filter and Run Report (spec §5)', () => {
  const msgs = (q: Record<string, unknown>) => {
    const r = trainingFilterSchema.safeParse(q);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };
  it.each([
    [{}, [['sinceStartDate', 'Must enter at least one search criteria!']]],
    [{ precinctId: 3 }, [['sinceStartDate', 'Must enter since date!']]],
    [{ untilStartDate: '03/31/2026' }, [['sinceStartDate', 'Cannot enter until date without since date!']]],
    [{ sinceStartDate: '04/01/2026', untilStartDate: '03/31/2026' }, [['untilStartDate', 'Since date must be <= until date!']]],
    [{ sinceStartDate: '04/01/2026' }, []],
  ])('%o -> %o', (q, expected) => {
    expect(msgs(q)).toEqual(expected);
  });
  it('defaults the event type to 4 (Training)', () => {
    expect(trainingFilterSchema.parse({ sinceStartDate: '01/01/2026' }).eventTypeId).toBe(4);
  });
  it("needs at least one chosen event: 'Must check at least one row!'", () => {
    for (const none of [[], [{ eventId: 0 }], undefined, null]) {
      const r = chosenEventsBody.safeParse(none);
      expect(r.success ? null : r.error.issues[0].message).toBe('Must check at least one row!');
    }
    expect(chosenEventsBody.safeParse([{ eventId: 0 }, { eventId: 5, eventName: 'CPR', signupCount: 3 }]).success).toBe(true);
  });
});
