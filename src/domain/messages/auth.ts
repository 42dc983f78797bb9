/** Sign-in, password and session messages: spec §5 (login, change password, reset), §8. */
export const auth = {
  login: {
    title: 'Sign in',
    login: 'Login',
    password: 'Password',
    submit: 'Sign in',
    /** The Sign in button while the sign-in is on its way. */
    signingIn: 'Signing in…',
    /** The signed-in header's bar until the first page after sign-in (or a reload) has its data. */
    firstPageLoading: 'Loading the page…',
    forgot: 'Forgot your password?',
    blankJwt: 'Invalid login credentials!',
  },
  logout: 'Logout',
  notYourAccount: 'You can only change your own account.',
  welcome: 'Welcome back %{rank} %{lastName}!',
  passwordChange: {
    title: 'Change Password',
    current: 'Current Password',
    newPassword: 'New Password',
    verify: 'Verify Password',
    note: 'Passwords are 8 to 12 letters and digits, starting with a letter. Longer entries are truncated to 12 characters.',
    currentIncorrect: 'Current password incorrect!',
    rule: 'Password must be an alphanumeric string between 8 and 12 characters long.',
    mismatch: 'Passwords do not match!',
    updated: 'Password updated!',
    forced: 'Please choose a new password before you continue.',
  },
  passwordReset: {
    title: 'Password Reset',
    login: 'Login',
    submit: 'Submit',
    toLogin: 'Back to Login',
    invalidLogin: 'Invalid login!',
    noEmail: 'No e-mail address is on file for this login. Contact the Auxiliary Support Services Detachment.',
    /** 400: addresses are on file, but none is confirmed; a reset goes only to a confirmed address. */
    noConfirmedEmail: 'No confirmed e-mail address is on file for this login. Contact the Auxiliary Support Services Detachment.',
    mailFailed: 'The e-mail could not be sent. Please try again later.',
    dispatched: 'A temporary password has been dispatched to the email address associated with this login!',
    mailSubject: 'Roll Call temporary password',
    mailBody:
      'A temporary password was requested for login %{login}.\n\nTemporary password: %{password}\n\nIt can be used once and expires in %{minutes} minutes. You will be asked to choose a new password when you sign in.\n\nIf you did not ask for this, tell the Auxiliary Support Services Detachment.',
  },
  /** Changing one's own e-mail address, and confirming an address by the link mailed to it. */
  email: {
    currentPassword: 'Current Password',
    currentPasswordHelp: 'Needed to change your e-mail address.',
    /** 400 (field currentPassword): an officer changes his own e-mail only with his password. */
    currentPasswordRequired: 'Enter your current password to change your e-mail address.',
    unconfirmed: 'Not confirmed yet: follow the link mailed to this address. Temporary passwords go only to confirmed addresses.',
    fieldNames: { homeEmail: 'home e-mail', deptEmail: 'department e-mail' },
    noAddress: '(no address)',
    confirmSubject: 'Roll Call: confirm your e-mail address',
    confirmBody:
      'This address was given as the %{field} of Roll Call login %{login}.\n\nTo confirm it, open this link within %{hours} hours:\n%{link}\n\nUntil it is confirmed, temporary passwords are not sent here. If you did not ask for this, ignore this message.',
    changedSubject: 'Roll Call: your e-mail address was changed',
    changedBody:
      'The %{field} of Roll Call login %{login} was changed from %{before} to %{after}.\n\nIf you did not make this change, tell the Auxiliary Support Services Detachment at once.',
    confirmTitle: 'Confirm E-mail Address',
    confirmIntro: 'Confirm this address for your Roll Call account, so temporary passwords can be sent to it.',
    confirmButton: 'Confirm',
    confirmed: 'Your e-mail address is confirmed.',
    /** 400: unknown, used, expired, or the officer has since changed the address again. */
    invalidLink: 'This confirmation link is invalid, already used or expired. Change the address again to get a new link.',
  },
  /**
   * The one-time link an imported officer is mailed: it confirms the address it went to and opens
   * /SetPassword, where he sets his password without a current one (PUT /api/password/set).
   */
  passwordSetup: {
    mailSubject: 'Roll Call: set your password',
    mailBody:
      'A Roll Call account was opened for you, login %{login}.\n\nTo set your password, open this link within %{hours} hours:\n%{link}\n\nOpening it also confirms this e-mail address. If the link has expired, ask the roster administrator for a temporary password.',
    title: 'Set Your Password',
    intro: 'Choose the password for Roll Call login %{login}.',
    button: 'Set Password',
    /** 200. */
    done: 'Your password is set. Sign in with it.',
    /** 400: unknown, used or expired link, or the officer has since signed in with a password. */
    invalidLink: 'This link to set a password is invalid, already used or expired. Ask the roster administrator for a temporary password.',
  },
  idle: {
    warningTitle: 'Still there?',
    warning: 'You will be signed out in %{seconds} seconds because of inactivity.',
    stay: 'Stay signed in',
  },
} as const;
