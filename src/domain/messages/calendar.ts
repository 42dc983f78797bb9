/** The events calendar, My Settings (feeds and reminder choices) and the notices bell. Our wording. */
export const calendar = {
  title: 'Events Calendar',
} as const;

export const settings = {
  title: 'My Settings',
} as const;

export const notices = {
  title: 'Notices',
} as const;
