import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { StatisticsChart } from '../../../../src/resources/reports/StatisticsChart';
import type { StatisticsRow } from '../../../../src/domain/schemas/statistics';

const row = (precinctId: number, pctName: string, allHours: number): StatisticsRow => ({
  precinctId, pctName, allHours, detailHours: 0, detailsWorked: 0,
  parkingCitations: 0, firs: 0, warnings: 0, arrests: 0, arrestAssists: 0, reports: 0, pedestrianEdu: 0, businessChecks: 0,
  assignedPct: 3, sinceDate: '01/01/2026', untilDate: null,
});

describe('the statistics chart', () => {
  it("reads every precinct's hours and their total in words at 375 px", () => {
    const { container } = render(
      <div style={{ width: 375 }}>
        <StatisticsChart rows={[row(3, '3rd Precinct', 9.5), row(5, '5th Precinct', 1015)]} />
      </div>,
    );
    expect(container.querySelector('figcaption')).toHaveTextContent(
      'Hours by precinct worked at: 3 3rd Precinct 9.50 hours; 5 5th Precinct 1,015.00 hours. Total 1,024.50 hours.',
    );
  });
});
