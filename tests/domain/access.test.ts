import { describe, expect, it } from 'vitest';
import { can } from '../../src/domain/access';

describe("can(actor, 'ticket:write', {officerId}) is the whole ticket write rule (spec §6)", () => {
  const me = 1;
  const other = 2;
  const write = (accessLevel: number, officerId?: number) => can({ officerId: me, accessLevel }, 'ticket:write', officerId === undefined ? undefined : { officerId });
  it('never at level 3, who does not read tickets either', () => {
    expect([write(3), write(3, me), write(3, other)]).toEqual([false, false, false]);
    const read = (officerId?: number) => can({ officerId: me, accessLevel: 3 }, 'ticket:read', officerId === undefined ? undefined : { officerId });
    expect([read(), read(me), read(other)]).toEqual([false, false, false]);
  });
  it("one's own at every other level", () => {
    for (const level of [1, 2, 4, 5, 6, 7, 8, 9, 10, 11]) expect({ level, own: write(level, me) }).toEqual({ level, own: true });
  });
  it("another officer's only at level 9 and above; 5-8 read but may not write them", () => {
    for (const level of [1, 2, 4, 5, 6, 7, 8]) {
      expect({ level, write: write(level, other), read: can({ officerId: me, accessLevel: level }, 'ticket:read', { officerId: other }) })
        .toEqual({ level, write: false, read: level >= 5 });
    }
    for (const level of [9, 10, 11]) expect({ level, write: write(level, other) }).toEqual({ level, write: true });
  });
  it('refuses a session that may only change its password or has an incomplete profile', () => {
    expect(can({ officerId: me, accessLevel: 10, passwordChangeOnly: true }, 'ticket:write', { officerId: me })).toBe(false);
    expect(can({ officerId: me, accessLevel: 10, profileIncomplete: true }, 'ticket:write', { officerId: me })).toBe(false);
  });
});

describe('an officer whose profile is incomplete (spec §5) may fill in his own officer form', () => {
  const me = 7;
  it("reads the lookups the form's selects need (states, precincts, ranks, access levels), at any level, without a target", () => {
    for (const accessLevel of [1, 3, 5, 9, 10]) {
      expect(can({ officerId: me, accessLevel, profileIncomplete: true }, 'lookup:read'), `level ${accessLevel}`).toBe(true);
    }
  });
  it('reads and completes only his own record; nothing else opens', () => {
    const incomplete = { officerId: me, accessLevel: 10, profileIncomplete: true };
    expect(can(incomplete, 'officer:read', { officerId: me })).toBe(true);
    expect(can(incomplete, 'officer:update-contact', { officerId: me })).toBe(true);
    expect(can(incomplete, 'officer:read', { officerId: 8 })).toBe(false);
    expect(can(incomplete, 'officer:read')).toBe(false);
    for (const action of ['app:use', 'location:read', 'event:read', 'officer:list', 'officer:write', 'news:read', 'ticket:read', 'audit:read'] as const) {
      expect(can(incomplete, action, { officerId: me }), action).toBe(false);
    }
  });
  it('leaves a session that may only change its password without lookups', () => {
    expect(can({ officerId: me, accessLevel: 10, passwordChangeOnly: true }, 'lookup:read')).toBe(false);
  });
});
