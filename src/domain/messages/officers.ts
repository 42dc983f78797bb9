/**
 * Officer roster and officer edit messages: spec §2 Officer list and Officer edit, §5 'Officer
 * save' alerts and officer field messages, §6 super user and hasChildren, §8 officer delete.
 */
export const officers = {
  titles: {
    list: 'Roster',
    add: 'Add Officer',
    edit: 'Edit Officer',
  },
  fields: {
    officerId: 'Officer ID',
    login: 'Login',
    password: 'Password',
    lastLoginDate: 'Last Login Date',
    updatedBy: 'Updated By',
    passwordExpireInterval: 'Password Expire Interval',
    firstName: 'First Name',
    middle: 'Middle',
    lastName: 'Last Name',
    precinct: 'Precinct',
    appointmentDate: 'Appointment Date',
    separationDate: 'Separation Date',
    rank: 'Rank',
    homeStreetAddr1: 'Address',
    homeCity: 'City',
    homeState: 'State',
    homeZip: 'Postal Code',
    homePhone: 'Phone',
    mobile: 'Mobile',
    homeEmail: 'Home Email',
    deptEmail: 'Dept Email',
    accessType: 'Access Level',
    badgeNumber: 'Badge Number',
    handcuffNumber: 'Handcuff Number',
    soundex: 'Drivers License #',
    superUser: '(Super User)',
  },
  /** Roster columns and controls (spec §2 /OfficerBrowse). */
  list: {
    id: 'ID',
    name: 'Name',
    pct: 'PCT',
    precinctName: 'Precinct Name',
    lastLogin: 'Last Login',
    mobile: 'Mobile',
    separationDate: 'Separation Date',
    unread159s: 'Unread 159s',
    showSeparated: 'Show Separated Officers',
    search: 'Search the roster',
    searchHint: 'Last or first name, officer id (A0007), login or badge number',
    total: 'Total: %{count}',
    notApplicable: 'N/A',
    clickToView: '%{count} - Click to view',
    /** In the Remove cell of an officer with dependent records (spec §6 hasChildren 'Y'). */
    cannotRemove: 'Has records: enter a separation date instead',
    unread159sFor: 'Unread 159s of %{name}',
  },
  /** Spec §5 'Officer save': each failure is an alert (the API answers these). */
  alerts: {
    officerIdRequired: 'Officer ID required!',
    numbersInFirstName: 'Numbers not allowed in first name!',
    numbersInMiddle: 'Numbers not allowed in middle name!',
    numbersInLastName: 'Numbers not allowed in last name!',
    mustSelectPrecinct: 'Must Select Precinct!',
    rankRequired: 'Rank required!',
    invalidZip: 'Invalid Zipcode!',
    invalidPhone: 'Invalid Phone! Must be in 999-999-9999 format!',
    invalidEmail: 'Invalid Email Format!',
    accessLevelRequired: 'Access level required!',
    badgeInvalid: 'Badge # must be an integer value > zero!',
    handcuffInvalid: 'Handcuff # be an integer value > zero!',
  },
  /** Spec §5 officer field messages (the form shows these beside the fields). */
  validation: {
    officerIdMin: 'Officer ID must be > 0',
    mustSelectPrecinct: 'Must select precinct',
    mustSelectRank: 'Must select rank',
    mustSelectAccessLevel: 'Must select access level',
    badgeMin: 'Badge number must be > 0',
    handcuffMin: 'Handcuff number must be > 0',
  },
  errors: {
    notFound: 'Officer not found.',
    /** 409 on removal (spec §6 hasChildren 'Y'); the list hides Remove for these. */
    hasChildren: 'This officer has time tickets, sign-ups, 159 sign-offs or other records entered by him and cannot be removed. Enter a separation date instead.',
    superUserRemove: 'The super user cannot be removed.',
    removeSelf: 'You cannot remove yourself.',
    superUserFixed: "The super user's access level and separation date cannot be changed.",
    /** 403: below level 10 an officer changes only his own address, phones and e-mails. */
    contactOnly: 'You can change only your own address, phones and e-mails. Contact the Auxiliary Support Services Detachment for anything else.',
    /** 403: the roster columns (last login, unread 159s, flagged tickets) are for level 10. */
    rosterOnly: 'Only the roster administrator (level 10) can sort by this column.',
    /** 403: the roster search reaches logins and badge numbers, which are for level 10. */
    searchRosterOnly: 'Only the roster administrator (level 10) can search the roster.',
    /** 403: another level-10 officer may not take over the super user's account. */
    superUserAccount: "Only the super user can change the super user's login, password and e-mail addresses.",
    /** 403: an existing record's password is never set by saving the record. */
    passwordNotHere: "A password is not set by saving an officer. Use Reset password to e-mail him a temporary one; your own is changed on Change Password.",
  },
  /** The roster administrator's Reset password action on an existing officer. */
  resetPassword: {
    button: 'Reset password',
    confirmTitle: 'Reset the password of %{name}?',
    confirmContent: "A temporary password is e-mailed to the officer's confirmed address. It works once, within 30 minutes; his current password keeps working until then.",
    done: 'A temporary password has been e-mailed to the officer.',
  },
  /** Toasts after a successful save or removal. */
  saved: 'Officer saved.',
  removed: 'Officer removed.',
  /** The type-ahead officer picker (src/common/OfficerPicker.tsx). */
  picker: {
    label: 'Officer',
    hint: 'Type a last name, first name or officer ID (A0001).',
    noMatch: 'No officer matches.',
  },
} as const;
