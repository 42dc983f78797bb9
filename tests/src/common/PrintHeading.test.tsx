import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListContextProvider, ResourceContextProvider, TextField, useList } from 'react-admin';
import { signIn, sessionUser } from '../fixtures';
import { renderInAdmin, setScreenWidth } from '../renderInAdmin';
import { ListPage } from '../../../src/common/ListPage';
import { ResponsiveList } from '../../../src/common/ResponsiveList';
import { PRINT_ONLY_CLASS, filterHeading } from '../../../src/common/PrintHeading';
import { listExtras } from '../../../src/common/ListActions';

// Export and Print are a chunk of their own, fetched once a list has painted; its first import in a
// test run (the modules transformed then) can take over a second, longer than a query waits
beforeAll(async () => {
  await listExtras();
}, 30_000);

afterEach(() => {
  vi.restoreAllMocks();
});

/** The statistics report's shape: a title, its criteria and a table of precincts. */
function Report() {
  const list = useList({ data: [{ id: 4, pctName: '4th Precinct' }], perPage: 25 });
  return (
    <ResourceContextProvider value="statistics">
      <ListContextProvider value={list}>
        <ListPage
          title="Statistics"
          criteria={[
            ['Assigned Precinct', '4th Precinct'],
            ['From', '01/01/2026'],
            ['Thru', '11/26/2026'],
          ]}
          pagination={false}
        >
          <ResponsiveList label="Statistics" sortFields={[]} card={(r) => <span>{String(r.pctName)}</span>}>
            <TextField source="pctName" label="Precinct" />
          </ResponsiveList>
        </ListPage>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/** While the browser prints (window.print, replaced): whether the desk table was on the page. */
function printedTable(): { calls: () => boolean[] } {
  const seen: boolean[] = [];
  vi.spyOn(window, 'print').mockImplementation(() => {
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    seen.push(screen.queryByRole('table', { name: 'Statistics' }) !== null);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
  });
  return { calls: () => seen };
}

// First in this file: the first test finds the desk table's code not yet downloaded.
describe('the desk table on a phone (its code is a chunk of its own)', () => {
  it("a phone shows cards and, printing before the table's code is here, puts the cards on paper", async () => {
    setScreenWidth(375);
    signIn(sessionUser());
    renderInAdmin(<Report />);
    expect(await screen.findByRole('list', { name: 'Statistics' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getByRole('list', { name: 'Statistics' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Statistics' })).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
  });

  it("Print (in the phone's '⋮' menu) fetches the table's code first, so the paper gets the table", async () => {
    setScreenWidth(375);
    signIn(sessionUser());
    const printing = printedTable();
    renderInAdmin(<Report />);
    expect(await screen.findByRole('list', { name: 'Statistics' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Print' }));
    await vi.waitFor(() => expect(printing.calls()).toEqual([true]));
    // back on screen: the cards again
    expect(screen.getByRole('list', { name: 'Statistics' })).toBeInTheDocument();
  });

});

describe('the print heading', () => {
  it('names the organisation, the print time and the criteria, on paper only', async () => {
    setScreenWidth(1280);
    signIn(sessionUser());
    const { container } = renderInAdmin(<Report />);
    await screen.findByRole('table', { name: 'Statistics' });
    // it comes with Export and Print, once the page has painted
    await waitFor(() => expect(container.querySelector(`.${PRINT_ONLY_CLASS}`)).not.toBeNull());
    const heading = container.querySelector(`.${PRINT_ONLY_CLASS}`) as HTMLElement;
    expect(heading).toHaveTextContent('Nassau County Auxiliary Police');
    expect(heading).toHaveTextContent('Statistics 4th Precinct, 01/01/2026 – 11/26/2026');
    expect(heading.textContent).toMatch(/Printed \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // hidden on screen: not part of the page a screen reader reads
    expect(heading).not.toBeVisible();
    // the criteria stay on the page (and on paper)
    expect(screen.getByText('Assigned Precinct:')).toBeInTheDocument();
    // the actions are marked to be left off the paper
    expect((await screen.findByRole('button', { name: 'Print' })).closest('.RollCall-noPrint')).not.toBeNull();
  });
});

describe('filterHeading', () => {
  it('joins the criteria after the title, two dates in a row as a range', () => {
    expect(filterHeading('Time Tickets', [['Officer', '(A0007) Doe, Jane'], ['From', '01/01/2026'], ['Thru', '11/26/2026'], ['Type', undefined]])).toBe(
      'Time Tickets (A0007) Doe, Jane, 01/01/2026 – 11/26/2026',
    );
    expect(filterHeading('Officers')).toBe('Officers');
  });
});
