import { describe, expect, it } from 'vitest';
import { can } from '../../src/domain/access';

describe("'officer:reset-second-factor': resetting another officer's two-step sign-in", () => {
  it('is level 10 exactly', () => {
    for (const accessLevel of [1, 3, 5, 9, 11]) expect(can({ officerId: 1, accessLevel }, 'officer:reset-second-factor'), `level ${accessLevel}`).toBe(false);
    expect(can({ officerId: 1, accessLevel: 10 }, 'officer:reset-second-factor')).toBe(true);
  });
  it("is another officer's only, never his own", () => {
    expect(can({ officerId: 1, accessLevel: 10 }, 'officer:reset-second-factor', { officerId: 2 })).toBe(true);
    expect(can({ officerId: 1, accessLevel: 10 }, 'officer:reset-second-factor', { officerId: 1 })).toBe(false);
  });
  it('is refused while his own second factor is pending', () => {
    expect(can({ officerId: 1, accessLevel: 10, secondFactor: 'required' }, 'officer:reset-second-factor')).toBe(false);
  });
});
