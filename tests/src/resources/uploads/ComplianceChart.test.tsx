import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { ComplianceChart, complianceBars } from '../../../../src/resources/uploads/ComplianceChart';
import type { ReportOfficerRow } from '../../../../src/domain/schemas/uploads';

const row = (officerId: number, precinct: string | null, read: boolean): ReportOfficerRow => ({
  officerId,
  lastName: `Last${officerId}`,
  firstName: `First${officerId}`,
  precinct: precinct ? { precinctId: officerId, description: precinct } : null,
  signoffTimestamp: read ? '2026-03-01T15:00:00.000Z' : null,
  status: read ? '03/01/2026 10:00' : 'UNREAD',
});
const ROWS = [row(1, '1st Precinct', true), row(2, null, false), row(3, '1st Precinct', false), row(4, '2nd Precinct', true)];

describe('the 159 compliance chart', () => {
  it('counts read and unread officers for the notice, then by precinct (no precinct last)', () => {
    expect(complianceBars(ROWS, '159-01')).toEqual([
      { label: '159-01', read: 2, unread: 2 },
      { label: '1st Precinct', read: 1, unread: 1 },
      { label: '2nd Precinct', read: 1, unread: 0 },
      { label: 'No precinct', read: 0, unread: 1 },
    ]);
  });

  it('reads its counts in words and says when the rows are one page of a larger report', () => {
    const { container } = render(
      <div style={{ width: 375 }}>
        <ComplianceChart rows={ROWS} notice="159-01" total={40} />
      </div>,
    );
    const caption = container.querySelector('figcaption')!;
    expect(caption).toHaveTextContent('159-01: 2 read, 2 unread. 1st Precinct: 1 read, 1 unread');
    expect(caption).toHaveTextContent('(4 of 40)');
  });
});
