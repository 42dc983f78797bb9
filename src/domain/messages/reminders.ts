/** Reminder e-mails and in-app notices (subjects, bodies), written by the server's scheduler. Our wording. */
export const reminders = {
  kinds: {
    eventTomorrow: 'Events you signed up for, the day before',
    unread159s: 'Weekly list of 159s you have not read',
    missingHours: 'Monthly note when you logged no time ticket',
    understaffed: 'Details near you that still need officers (supervisors)',
    losapPace: 'Monthly note when you are behind your LOSAP pace',
  },
} as const;
