/** Audit log page: Administrative Functions > Audit Log, level 10. */
export const audit = {
  title: 'Audit Log',
  fields: {
    at: 'Time (UTC)',
    actor: 'Officer',
    actorId: 'Officer ID',
    action: 'Action',
    entity: 'Record',
    entityId: 'Record ID',
    outcome: 'Outcome',
    changes: 'Changes',
    details: 'Details',
    requestId: 'Request ID',
    actorLogin: 'Login',
    repeatCount: 'Times',
    since: 'From (UTC)',
    until: 'Thru (UTC)',
  },
  outcomes: { success: 'Success', failure: 'Failure', denied: 'Denied' },
  nobody: '(nobody signed in)',
  /** The officer as named when the entry was written, with the login he had then. */
  actorWithLogin: '%{name} (%{login})',
  /** After the outcome of an entry that stands for several identical refusals within a minute. */
  repeated: '× %{count}',
  repeatedTitle: 'Refused %{count} times within a minute',
} as const;
