/** The events calendar, My Settings (feeds and reminder choices) and the notices bell. Our wording. */
export const calendar = {
  title: 'Events Calendar',
  errors: {
    /** GET /api/events/calendar: a range longer than CALENDAR_MAX_DAYS, in the spec's "Since date must be..." style. */
    rangeTooLong: 'Calendar range must be %{max} days or fewer!',
    /** The feed address of a revoked or unknown token (or of an officer who may no longer have it). */
    feedNotFound: 'Calendar feed not found.',
    /** The supervisors' feed of every detail, asked for below level 5. */
    detailsFeedLevel: 'Only supervisors (level 5 and above) may have the feed of all details.',
  },
  feed: {
    /** The calendar's name as calendar apps show it: '{org} - My Sign-ups' / '{org} - Details'. */
    signupsName: '%{org} - My Sign-ups',
    detailsName: '%{org} - Details',
    /** The description line of each entry: precinct, type and staffing. */
    entryDescription: '%{eventType}, %{precinct}. %{status}.',
  },
} as const;

export const settings = {
  title: 'My Settings',
  errors: {
    /** DELETE /api/mySettings/feeds/{scope} when he has no feed of that scope. */
    noFeed: 'You have no calendar feed of that kind.',
  },
} as const;

export const notices = {
  title: 'Notices',
} as const;
