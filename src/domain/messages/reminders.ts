/** Reminder e-mails and in-app notices (subjects, bodies), written by the server's scheduler. Our wording. */
export const reminders = {
  kinds: {
    eventTomorrow: 'Events you signed up for, the day before',
    unread159s: 'Weekly list of 159s you have not read',
    missingHours: 'Monthly note when you logged no time ticket',
    understaffed: 'Details near you that still need officers (supervisors)',
    losapPace: 'Monthly note when you are behind your LOSAP pace',
  },
  /**
   * One entry per kind: `subject` is the mail's subject and the notice's title; `body` the
   * notice's text and the mail's first paragraph; `item` one line of a list under it.
   */
  eventTomorrow: {
    subject: 'Reminder: %{event} on %{date} at %{time}',
    body: 'You are signed up for %{event} on %{day} %{date}, %{time} to %{endTime}, at %{location}.',
  },
  unread159s: {
    subject: 'You have %{count} unread 159(s)',
    body: 'You have %{count} 159(s) on the 159 Board that you have not read and signed off:',
    item: '%{date} %{description}',
    more: 'and %{count} more',
  },
  missingHours: {
    subject: 'No time ticket for %{month}',
    body: 'You logged no time ticket in %{month}. If you worked that month, please enter your time tickets.',
  },
  understaffed: {
    subject: 'Detail needs officers: %{event} on %{date}',
    body: '%{event} on %{day} %{date}, %{time} to %{endTime}, at %{location} (%{precinct}) is %{status}: %{signedUp} signed up.',
  },
  losapPace: {
    subject: 'You are behind your LOSAP pace for %{year}',
    body: 'Your LOSAP total for %{year} is %{total} %{unit}. To be on pace by today you would have %{pace} of the %{threshold} %{unit} the year needs.',
    units: { hours: 'hours', points: 'points' },
  },
  mail: {
    /** The line with the address of the page the notice opens (only when PUBLIC_URL is set). */
    open: 'Open it in Roll Call: %{url}',
    openLink: 'Open it in Roll Call',
    /** Why he gets it and how to stop it; kind is the kind's label above. */
    why: 'You get this because "%{kind}" is turned on in My Settings of Roll Call. You can turn it off there.',
  },
  /** The Audit Log's details of each reminder mail: what went to whom, and each failed attempt. */
  audit: {
    sent: '%{kind} to officer %{officerId} <%{to}>: %{subject}',
    failed: '%{kind} to officer %{officerId} <%{to}>: attempt %{attempt} failed: %{error}',
    gaveUp: '%{kind} to officer %{officerId} <%{to}>: attempt %{attempt} failed, no more retries: %{error}',
  },
} as const;
