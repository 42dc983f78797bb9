/**
 * The installable app and offline ticket entry: our wording (the spec has none for these).
 * `app`: the service worker and the persisted lists; `outbox`: tickets saved on the device;
 * `server`: answers of the API about idempotency keys.
 */
export const offline = {
  app: {
    updateAvailable: 'A new version is available',
    reload: 'Reload',
    offline: 'You are offline. Tickets you save stay on this device and are sent when the connection returns.',
    fetchedAt: 'Offline: as fetched %{when}',
  },
  outbox: {
    waiting: 'Waiting to send',
    sending: 'Sending…',
    refused: 'Not sent',
    savedOnDevice: 'Saved on this device. It will be sent when the connection returns.',
    sent: '%{smart_count} ticket saved offline was sent |||| %{smart_count} tickets saved offline were sent',
    count: '%{smart_count} ticket waiting to send |||| %{smart_count} tickets waiting to send',
    edit: 'Edit',
    discard: 'Discard',
    discardConfirm: 'Discard this ticket? It has not been sent and will be lost.',
    logoutTitle: 'Tickets not yet sent',
    logoutBody: 'You have %{smart_count} ticket on this device that has not been sent. |||| You have %{smart_count} tickets on this device that have not been sent.',
    keep: 'Keep for my next sign-in',
    discardAll: 'Discard and log out',
    actions: 'Edit or discard',
  },
  server: {
    keyReused: 'This ticket was already sent with different details.',
    keyMalformed: 'The Idempotency-Key header must be 16 to 64 letters, digits, hyphens or underscores.',
  },
} as const;
