/** Sign-in, password and session messages: spec §5 (login, change password, reset), §8. */
export const auth = {
  login: {
    title: 'Sign in',
    login: 'Login',
    password: 'Password',
    submit: 'Sign in',
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
    mailFailed: 'The e-mail could not be sent. Please try again later.',
    dispatched: 'A temporary password has been dispatched to the email address associated with this login!',
    mailSubject: 'Roll Call temporary password',
    mailBody:
      'A temporary password was requested for login %{login}.\n\nTemporary password: %{password}\n\nIt can be used once and expires in %{minutes} minutes. You will be asked to choose a new password when you sign in.\n\nIf you did not ask for this, tell the Auxiliary Support Services Detachment.',
  },
  idle: {
    warningTitle: 'Still there?',
    warning: 'You will be signed out in %{seconds} seconds because of inactivity.',
    stay: 'Stay signed in',
  },
} as const;
