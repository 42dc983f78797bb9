/**
 * My Profile (/MyProfile): an officer keeps the contact fields of his own record (address, phones,
 * e-mail addresses); the rest of his record is the roster administrator's and shows read-only.
 */
export const profile = {
  /** Page heading and menu entry. */
  title: 'My Profile',
  /** Heading over the fields only the roster administrator changes. */
  keptByRoster: 'Kept by the roster administrator',
  keptByRosterHelp: 'To change these, contact the Auxiliary Support Services Detachment.',
  /** Heading over the fields the officer changes himself. */
  contact: 'Address, phones and e-mail',
  /** The officer's name as one read-only line. */
  name: 'Name',
  /** Toast after a successful save (the page stays open). */
  saved: 'Profile saved.',
} as const;
