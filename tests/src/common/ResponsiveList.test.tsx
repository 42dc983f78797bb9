import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListContextProvider, ResourceContextProvider, TextField, useList } from 'react-admin';
import { signIn, sessionUser } from '../fixtures';
import { renderInAdmin, setScreenWidth } from '../renderInAdmin';
import { ListPage } from '../../../src/common/ListPage';
import { ResponsiveList } from '../../../src/common/ResponsiveList';
import { listExtras } from '../../../src/common/ListActions';

// Export and Print are a chunk of their own; its first import in a test run can take over a second
beforeAll(async () => {
  await listExtras();
}, 30_000);

afterEach(() => {
  vi.restoreAllMocks();
});

/** A list of precincts with its page's Print button. */
function Precincts() {
  const list = useList({ data: [{ id: 4, pctName: '4th Precinct' }], perPage: 25 });
  return (
    <ResourceContextProvider value="statistics">
      <ListContextProvider value={list}>
        <ListPage title="Precincts" pagination={false}>
          <ResponsiveList label="Precincts" sortFields={[]} card={(r) => <span>{String(r.pctName)}</span>}>
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
    seen.push(screen.queryByRole('table', { name: 'Precincts' }) !== null);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
  });
  return { calls: () => seen };
}

// The tests run in this order: the first finds the desk table's code not yet downloaded.
describe('the desk table on a phone (its code is a chunk of its own)', () => {
  it("a phone shows cards and, printing before the table's code is here, puts the cards on paper", async () => {
    setScreenWidth(375);
    signIn(sessionUser());
    renderInAdmin(<Precincts />);
    expect(await screen.findByRole('list', { name: 'Precincts' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getByRole('list', { name: 'Precincts' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Precincts' })).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
  });

  it("Print (in the phone's '⋮' menu) fetches the table's code first, so the paper gets the table", async () => {
    setScreenWidth(375);
    signIn(sessionUser());
    const printing = printedTable();
    renderInAdmin(<Precincts />);
    expect(await screen.findByRole('list', { name: 'Precincts' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Print' }));
    await vi.waitFor(() => expect(printing.calls()).toEqual([true]));
    // back on screen: the cards again
    expect(screen.getByRole('list', { name: 'Precincts' })).toBeInTheDocument();
  });

  it('a desk shows the table', async () => {
    setScreenWidth(1280);
    signIn(sessionUser());
    renderInAdmin(<Precincts />);
    const table = await screen.findByRole('table', { name: 'Precincts' });
    expect(table).toHaveTextContent('4th Precinct');
  });
});
