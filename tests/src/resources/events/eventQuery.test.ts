import { describe, expect, it } from 'vitest';
import { upcomingFilter } from '../../../../src/resources/events/eventQuery';

describe('upcomingFilter (the event list\'s Upcoming quick filter)', () => {
  const today = '03/15/2026';

  it('starts the window today, keeping the other filters', () => {
    expect(upcomingFilter({ eventTypeId: '1', sinceStartDate: '02/15/2026' }, today)).toEqual({ eventTypeId: '1', sinceStartDate: '03/15/2026' });
    expect(upcomingFilter({}, today)).toEqual({ sinceStartDate: '03/15/2026' });
    expect(upcomingFilter({ sinceStartDate: '01/01/2026', untilStartDate: '04/30/2026', precinctId: '5' }, today)).toEqual({
      sinceStartDate: '03/15/2026',
      untilStartDate: '04/30/2026',
      precinctId: '5',
    });
  });

  it('keeps a since date later than today', () => {
    expect(upcomingFilter({ sinceStartDate: '06/01/2026' }, today)).toEqual({ sinceStartDate: '06/01/2026' });
  });

  it('does not apply to a window that ended before today', () => {
    expect(upcomingFilter({ sinceStartDate: '01/01/2026', untilStartDate: '03/14/2026' }, today)).toBeNull();
    expect(upcomingFilter({ sinceStartDate: '01/01/2026', untilStartDate: '03/15/2026' }, today)).toEqual({ sinceStartDate: '03/15/2026', untilStartDate: '03/15/2026' });
  });
});
