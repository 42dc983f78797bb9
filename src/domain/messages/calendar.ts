/** The events calendar, My Settings (feeds and reminder choices) and the notices bell. Our wording. */
export const calendar = {
  title: 'Events Calendar',
  menu: 'Calendar',
  label: 'Events calendar',
  filters: 'Calendar filters',
  eventType: 'Event Type',
  precinct: 'Precinct',
  all: 'All',
  signedUp: 'Signed up',
  listView: 'List view',
  calendarView: 'Calendar view',
  loadFailed: 'The events could not be loaded. Try again later.',
  views: 'View',
  buttons: { today: 'Today', month: 'Month', week: 'Week', list: 'List', prev: 'Previous', next: 'Next' },
  noEvents: 'No events in this period.',
  /** What a screen reader hears for one event (format()): its name, when, its staffing, then `youSignedUp` when he is on it. */
  eventLabel: '%{name}, %{when}, %{status}%{mine}. Open the roster.',
  youSignedUp: ', you are signed up',
  errors: {
    /** GET /api/events/calendar: a range longer than CALENDAR_MAX_DAYS, in the spec's "Since date must be..." style. */
    rangeTooLong: 'Calendar range must be %{max} days or fewer!',
    /** The feed address of a revoked or unknown token (or of an officer who may no longer have it). */
    feedNotFound: 'Calendar feed not found.',
    /** The supervisors' feed of every detail, asked for below level 5. */
    detailsFeedLevel: 'Only supervisors (level 5 and above) may have the feed of all details.',
    /** POST /api/mySettings/feeds: the details feed carries details (event type 1) only, so another type would give an empty feed. */
    detailsFeedType: 'The details feed carries details only: leave the event type out.',
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
  /** The app bar's way to this page. */
  open: 'My Settings',
  feeds: {
    heading: 'Calendar feed',
    intro:
      'Add your sign-ups to the calendar on your phone or computer (Google Calendar, Outlook, Apple Calendar): make a private feed address and subscribe to it there.',
    onceNote:
      'The address is shown only once, right after you make it. Keep it private: anybody with it sees what the feed carries. Making a new one replaces the old one, which then stops working.',
    signups: 'My sign-ups',
    details: 'Details (supervisors)',
    detailsIntro: 'A feed of every detail, optionally for one precinct or event type, as on the Detail List.',
    none: 'No feed address yet.',
    made: 'Made %{created}.',
    lastRead: 'Last read by a calendar %{fetched}.',
    neverRead: 'Not read by a calendar yet.',
    create: 'Make feed address',
    replace: 'Make a new address',
    revoke: 'Stop this feed',
    revoked: 'The feed address was stopped; it no longer works.',
    created: 'Your new feed address is below. Copy it now: it is not shown again.',
    urlLabel: 'Feed address',
    copy: 'Copy',
    copied: 'Copied.',
    qr: 'QR code of the feed address',
    precinct: 'Precinct',
    all: 'All',
  },
  reminders: {
    heading: 'Reminders',
    intro: 'Choose what Roll Call reminds you of. Reminders come by e-mail and as notices under the bell.',
    noEmail: 'You have no confirmed e-mail address, so reminders come only as notices under the bell. Add one on My Profile.',
    saved: 'Reminder choices saved.',
  },
  loadFailed: 'Your settings could not be loaded. Try again later.',
  errors: {
    /** DELETE /api/mySettings/feeds/{scope} when he has no feed of that scope. */
    noFeed: 'You have no calendar feed of that kind.',
  },
} as const;

export const notices = {
  title: 'Notices',
  /** The bell's accessible name (format()), with the count of unread notices. */
  bell: 'Notices, %{n} unread',
  none: 'No notices.',
  markAllRead: 'Mark all read',
  unread: 'Unread',
} as const;
