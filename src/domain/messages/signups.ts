/** Sign-up and roster messages: spec §2 roster (/EventSignupBrowse), §4 Signup, §5 Signup, §8. */
export const signups = {
  titles: {
    roster: 'Roster',
  },
  fields: {
    officerId: 'Officer ID',
    lastName: 'Last Name',
    firstName: 'First Name',
    mobile: 'Mobile',
  },
  signUp: 'Sign Up',
  confirmTitle: 'Sign up for this event?',
  confirm: 'Sign up for %{name}?',
  signedUp: 'You are signed up.',
  rosterFull: 'This roster is full!',
  overlap: 'You are already signed up for another event within this time frame!',
  removeFromRoster: 'Remove from roster',
  // Our wording: the roster's Remove confirmation names whom it takes off ('(A0101) Ortiz, Olivia').
  confirmRemove: 'Remove %{officer} from this roster?',
  empty: 'Nobody has signed up yet.',
  started: 'This event has already started. Sign-ups are closed.',
  alreadySignedUp: 'You are signed up for this event.',
  /** Level 5+ staffing a roster (src/resources/signups/StaffRoster.tsx): our wording. */
  staff: {
    title: 'Add an officer to this roster',
    officer: 'Officer to add',
    add: 'Add to roster',
    added: '%{officer} is signed up.',
  },
  /** The roster's search box (our wording). */
  search: {
    label: 'Search the roster',
    hint: 'Last or first name, or officer ID (A0001).',
    hintWithAccount: 'Last or first name, officer ID (A0001), login or badge number.',
    noMatch: 'No officer on this roster matches the search.',
  },
  errors: {
    hasTicket: 'This officer has logged a time ticket for this event and cannot be removed from the roster.',
    filterRequired: 'Choose an event or an officer to list sign-ups for.',
    officerNotFound: 'Officer not found.',
  },
} as const;
