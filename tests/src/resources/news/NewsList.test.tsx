import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { signIn } from '../../fixtures';
import { renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { NewsList } from '../../../../src/resources/news/NewsList';
import { gatedRemoval } from '../events/eventMocks';
import { admin, officer, restricted } from '../uploads/uploadMocks';
import { newsHandlers, newsItem } from './newsMocks';

const server = startMswServer();
const welcome = newsItem({ newsId: 1, dateEntered: '01/02/2026', shortDesc: 'Welcome to Roll Call', newsText: 'Read your 159s here.', hasChildren: 'Y' });

describe('/NewsBrowse (spec §2 News)', () => {
  it('shows the newsfeed newest first with the line breaks of its text; an officer gets no Add, edit links or Remove', async () => {
    const lists = newsHandlers(server, officer, [newsItem(), welcome]);
    signIn(officer);
    renderInAdmin(<NewsList />, '/NewsBrowse');
    expect(await screen.findByRole('heading', { level: 1, name: 'Newsfeed' })).toBeInTheDocument();
    const text = await screen.findByText(/Details are posted\./);
    expect(text.textContent).toBe('Details are posted.\n\nSign up early.');
    expect(getComputedStyle(text).whiteSpace).toBe('pre-line');
    expect(lists[0]).toMatchObject({ _sort: 'dateEntered', _order: 'DESC' });
    const rows = within(screen.getByRole('table', { name: 'Newsfeed' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Holiday deployment');
    expect(rows[2]).toHaveTextContent('Welcome to Roll Call');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove|Add/ })).not.toBeInTheDocument();
  });

  it('at level 9+ titles open the edit page and Add is offered; item 1 has no Remove; a removed item is struck through, then dropped', async () => {
    newsHandlers(server, admin, []);
    const removal = gatedRemoval(server, { list: '*/api/news/getMultiple', remove: '*/api/news/delete', rows: [newsItem(), welcome], idOf: (n) => n.newsId });
    signIn(admin);
    renderInAdmin(<NewsList />, '/NewsBrowse');
    const title = await screen.findByRole('link', { name: 'Edit Holiday deployment' });
    expect(title).toHaveAttribute('href', '/NewsEdit/4');
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/NewsEdit');
    const welcomeRow = screen.getByRole('link', { name: 'Edit Welcome to Roll Call' }).closest('tr')!;
    expect(within(welcomeRow).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Holiday deployment' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(removal.removed()).toEqual([{ id: 0, deleteStatus: '' }, { id: 4, deleteStatus: 'Y' }]));
    await waitFor(() => expect(getComputedStyle(title.closest('tr')!).textDecoration).toContain('line-through'));
    removal.release();
    await waitFor(() => expect(screen.queryByText('Holiday deployment')).not.toBeInTheDocument(), { timeout: 4000 });
  });

  it('on a 375-px phone shows each item as a card: title, date and text', async () => {
    newsHandlers(server, officer, [newsItem()]);
    setScreenWidth(375);
    signIn(officer);
    renderInAdmin(<NewsList />, '/NewsBrowse');
    const cards = await screen.findByRole('list', { name: 'Newsfeed' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('listitem');
    expect(within(card).getByRole('heading', { name: 'Holiday deployment' })).toBeInTheDocument();
    expect(within(card).getByText('03/12/2026')).toBeInTheDocument();
    expect(within(card).getByText(/Sign up early\./)).toBeInTheDocument();
  });

  it('level 3 gets the not-permitted page', async () => {
    const lists = newsHandlers(server, restricted, [newsItem()]);
    signIn(restricted);
    renderInAdmin(<NewsList />, '/NewsBrowse');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized!' })).toBeInTheDocument();
    expect(lists).toHaveLength(0);
  });
});
