import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { HoursByMonthChart, hoursByMonthTotals } from '../../../../src/resources/tickets/HoursByMonthChart';
import { hoursByMonthYear } from '../../../../src/resources/tickets/useHoursByMonth';
import type { HoursByMonthRow } from '../../../../src/domain/schemas/ticketMonths';
import type { Actor } from '../../../../src/domain/access';

const MONTHS: HoursByMonthRow[] = [
  { month: '2026-01', hours: 12.5, flaggedHours: 0 },
  { month: '2026-02', hours: 0, flaggedHours: 0 },
  { month: '2026-03', hours: 1014.75, flaggedHours: 4.25 },
];

/** A phone-wide column: jsdom lays nothing out, but the chart is asked to fit 375 px. */
function Phone({ children }: { children: React.ReactNode }) {
  return <div style={{ width: 375, maxWidth: 375 }}>{children}</div>;
}

describe('the hours by month chart', () => {
  it('adds up the months it is given: counted hours and hours at risk apart', () => {
    expect(hoursByMonthTotals(MONTHS)).toEqual({ counted: 1027.25, atRisk: 4.25 });
  });

  it('renders at 375 px with a text alternative that lists every month and the totals, the picture hidden', () => {
    const { container } = render(
      <Phone>
        <HoursByMonthChart months={MONTHS} year={2026} />
      </Phone>,
    );
    const figure = container.querySelector('figure')!;
    expect(figure).toBeInTheDocument();
    const text = figure.querySelector('figcaption')!.textContent!;
    expect(text).toContain('January 12.50 counted, 0.00 at risk');
    expect(text).toContain('March 1,014.75 counted, 4.25 at risk');
    expect(text).toContain('Total 1,027.25 hours counted, 4.25 hours at risk.');
    expect(text).toContain('The list below holds the tickets.');
    expect(figure.querySelector('[aria-hidden="true"]')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows nothing for no months (a later year)', () => {
    const { container } = render(<HoursByMonthChart months={[]} year={2027} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('which list gets the chart', () => {
  const officer: Actor = { officerId: 11, accessLevel: 1 } as Actor;
  const supervisor: Actor = { officerId: 15, accessLevel: 5 } as Actor;
  const today = '03/20/2026';
  const ytd = { sinceDate: '01/01/2026', untilDate: '03/20/2026' };

  it("is the officer's own year-to-date list, where the landing page takes him", () => {
    expect(hoursByMonthYear({ officerId: '11', ...ytd }, officer, today)).toBe(2026);
    expect(hoursByMonthYear({ ...ytd }, officer, today)).toBe(2026);
    expect(hoursByMonthYear({ officerId: '15', ...ytd }, supervisor, today)).toBe(2026);
  });

  it('is no other list: another officer, other dates, other criteria, the summary, no actor', () => {
    expect(hoursByMonthYear({ officerId: '12', ...ytd }, supervisor, today)).toBeNull();
    expect(hoursByMonthYear({ ...ytd }, supervisor, today)).toBeNull();
    expect(hoursByMonthYear({ officerId: '11', sinceDate: '02/01/2026', untilDate: '03/20/2026' }, officer, today)).toBeNull();
    expect(hoursByMonthYear({ officerId: '11', ...ytd, precinctId: '3' }, officer, today)).toBeNull();
    expect(hoursByMonthYear({ officerId: '11', ...ytd, summarizeFlag: 'Y' }, officer, today)).toBeNull();
    expect(hoursByMonthYear({ officerId: '11', ...ytd }, null, today)).toBeNull();
  });
});
