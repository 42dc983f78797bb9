/**
 * Officer display helpers, spec §1.
 * officerCode(7) -> 'A0007'; officerCode(0) -> ''.
 */
export function officerCode(officerId: number | null | undefined): string {
  if (!officerId) return '';
  return `A${String(officerId).padStart(4, '0')}`;
}

/** '(A0001) Last, First' as lists show it; empty for id 0. */
export function officerListLabel(o: { officerId: number; lastName?: string | null; firstName?: string | null }): string {
  if (!o.officerId) return '';
  return `(${officerCode(o.officerId)}) ${o.lastName ?? ''}, ${o.firstName ?? ''}`;
}

/** '(A0001) Last, First Middle' as the header shows the signed-in user. */
export function officerIdentity(o: {
  officerId: number;
  lastName?: string | null;
  firstName?: string | null;
  middle?: string | null;
}): string {
  const middle = o.middle ? ` ${o.middle}` : '';
  return `${officerListLabel(o)}${middle}`;
}
