import { describe, expect, it } from 'vitest';
import { homeTarget } from '../../../src/custom/homeTarget';
import { sessionUser } from '../fixtures';

const TODAY = '03/15/2026';
const level = (accessTypeId: number) => sessionUser({ accessType: { accessTypeId, description: `Level ${accessTypeId}` } });

describe('homeTarget (spec §2 home redirect, steps 3-5)', () => {
  it('sends the auditor (level 10) to the audit queue', () => {
    expect(homeTarget(level(10), 0, TODAY)).toBe('/AuditQueue');
  });

  it('sends an auditor with unread 159s to the 159 board first', () => {
    expect(homeTarget(level(10), 3, TODAY)).toBe('/UploadBrowse?uploadTypeId=1');
  });

  it('sends every other level to his year-to-date time tickets', () => {
    for (const accessTypeId of [1, 5, 9]) {
      expect(homeTarget(level(accessTypeId), 0, TODAY)).toBe('/TimeTicketLandingPage?officerId=7&sinceDate=01/01/2026&untilDate=03/15/2026');
    }
  });

  it('sends level 3 to the details list whatever his 159s', () => {
    expect(homeTarget(level(3), 2, TODAY)).toBe('/EventLandingPage?eventTypeId=1');
  });
});
