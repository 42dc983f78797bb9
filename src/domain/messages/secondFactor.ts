/**
 * Two-factor sign-in: TOTP, recovery codes and passkeys (decision 029). Our wording; the spec has
 * none for these. Server answers carry these exact strings.
 */
export const secondFactor = {
  /** The step after the password (/TwoFactor). */
  verify: {
    title: 'Two-step sign-in',
    intro: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    code: 'Code',
    codeHelp: '6 digits from your app, or a recovery code such as k3f9q-7mz2x',
    submit: 'Verify',
    verifying: 'Checking…',
    usePasskey: 'Use a passkey instead',
    cancel: 'Sign out',
    recoveryUsed: 'Recovery code used. %{count} left: make new ones on My Settings when you run low.',
  },
  /** Enrolment forced on levels that must use a second factor. */
  enrol: {
    title: 'Set up two-step sign-in',
    required: 'Your access level must use a second factor. Set one up to continue.',
    scan: 'Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.',
    qrAlt: 'QR code for your authenticator app',
    secretLabel: 'Or type this key into the app',
    confirm: 'Confirm',
    codeHelp: 'The 6 digits your authenticator app shows now',
    orPasskey: 'Or register a passkey on this device',
    recoveryTitle: 'Your recovery codes',
    recoveryIntro: 'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.',
    recoveryCopy: 'Copy codes',
    recoveryDownload: 'Download codes',
    recoveryDone: 'I have saved my codes',
    recoveryFileName: 'roll-call-recovery-codes.txt',
  },
  /** The Two-step sign-in section of My Settings. */
  settings: {
    title: 'Two-step sign-in',
    totp: 'Authenticator app',
    totpOn: 'On since %{date}',
    totpOff: 'Off',
    totpSetUp: 'Set up authenticator app',
    totpRemove: 'Turn off authenticator app',
    totpRemoveConfirm: 'Enter a current code to turn the authenticator app off.',
    recoveryCodes: 'Recovery codes',
    recoveryLeft: '%{count} of 10 left',
    recoveryNew: 'Make new recovery codes',
    recoveryNewConfirm: 'New codes replace all your old ones, used or not. Continue?',
    passkeys: 'Passkeys',
    passkeyAdd: 'Add a passkey',
    passkeyName: 'Passkey name',
    passkeyNameHelp: 'So you can tell them apart, e.g. "My phone"',
    passkeyRemove: 'Remove passkey %{name}',
    passkeyRemoveConfirm: 'Remove passkey "%{name}"? It will no longer sign you in.',
    passkeyCreated: 'Added %{date}',
    passkeyLastUsed: 'last used %{date}',
    passkeyNeverUsed: 'never used',
    noPasskeys: 'No passkeys yet.',
    required: 'Your access level must keep at least one second factor.',
    removed: 'Removed.',
    added: 'Added.',
  },
  /** Sign-in page. */
  login: {
    passkey: 'Sign in with a passkey',
    passkeyFailed: 'The passkey could not be used. Try again, or sign in with your password.',
  },
  /** Browser-only wording of the set-up steps shared by /TwoFactor and My Settings. */
  steps: {
    passkeyRegister: 'Register passkey',
    passkeyCreateFailed: 'The passkey could not be made on this device. Try again, or use an authenticator app.',
    recoveryCopied: 'Codes copied.',
    codeRequired: 'Enter a code.',
    loadFailed: 'Two-step sign-in could not be loaded.',
    setupCancel: 'Cancel set-up',
    signingIn: 'Signing in…',
  },
  /** The mail that tells an officer a factor was added to his sign-in. */
  added: {
    mailSubject: 'Roll Call: a second factor was added to your sign-in',
    mailBody:
      'On %{date}, %{what} was added to the two-step sign-in of Roll Call login %{login}.\n\nIf you did not do this, tell the Auxiliary Support Services Detachment at once: whoever did it can sign in as you.',
    totp: 'an authenticator app',
    passkey: 'the passkey "%{name}"',
    recoveryCodes: 'a new set of recovery codes (the old ones no longer work)',
  },
  /** Level 10 on an officer's record. */
  reset: {
    action: 'Reset two-step sign-in',
    title: 'Reset two-step sign-in of %{name}',
    explain: 'This removes his authenticator app, recovery codes and passkeys, and signs him out everywhere. He will be e-mailed. If his access level must use a second factor he sets one up at his next sign-in.',
    reason: 'Reason',
    submit: 'Reset',
    done: 'Two-step sign-in reset.',
    mailSubject: 'Roll Call: your two-step sign-in was reset',
    mailBody:
      'The two-step sign-in of Roll Call login %{login} was reset by %{by} on %{date}.\n\nReason: %{reason}\n\nYour authenticator app, recovery codes and passkeys no longer work. If you did not ask for this, tell the Auxiliary Support Services Detachment at once.',
  },
  errors: {
    /** 401 on a wrong TOTP or recovery code (counts toward the lockout like a wrong password). */
    invalidCode: 'Invalid code!',
    /** 403 on any other route while the session waits for its second factor. */
    stepPending: 'Finish the two-step sign-in first.',
    /** 409: enrolment asked for while TOTP is already on. */
    totpAlreadyOn: 'The authenticator app is already set up. Turn it off first to set it up again.',
    /** 409: a code confirmed with no set-up started (or it expired). */
    noTotpSetup: 'Start the set-up again: no authenticator app set-up is waiting.',
    /** 409: removing the last factor of a level that must keep one, or the super user's last without a recovery code. */
    lastFactor: 'Your access level must keep at least one second factor.',
    superUserLastFactor: 'The super user can remove his last second factor only with a recovery code.',
    /** 404 on a passkey that is not his. */
    passkeyNotFound: 'Passkey not found.',
    /** 400: the browser's WebAuthn answer did not check out (wrong origin, challenge or signature). */
    passkeyRefused: 'The passkey could not be verified.',
    /** 409: the challenge is unknown, used or older than WEBAUTHN_CHALLENGE_MINUTES. */
    challengeExpired: 'The passkey request expired. Please try again.',
    /** 409: more than MAX_PASSKEYS. */
    tooManyPasskeys: 'You can have at most %{max} passkeys. Remove one first.',
    /** 403: a reset of the super user's factors, or of his own. */
    resetSuperUser: "The super user's two-step sign-in cannot be reset.",
    resetSelf: 'Use My Settings to change your own two-step sign-in.',
    /** 400: no second factor to reset. */
    nothingToReset: 'This officer has no two-step sign-in to reset.',
    /** 409 on regenerating codes or removing TOTP when there is nothing. */
    noFactor: 'Two-step sign-in is not set up.',
  },
} as const;
