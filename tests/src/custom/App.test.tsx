import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../msw';
import { sessionUser, signIn } from '../fixtures';
import { currentPath, renderApp } from '../renderApp';

const server = startMswServer();

function sessionAnswers(user = sessionUser()) {
  let checks = 0;
  server.use(
    http.get('*/api/session', () => {
      checks += 1;
      return HttpResponse.json({ user });
    }),
    http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })),
    // the search pages shown behind the menu load their pickers
    http.get('*/api/getLookupTable', () => HttpResponse.json([])),
    http.get('*/api/getPrecinctTable', () => HttpResponse.json([])),
    http.get('*/api/officer/getMultiple', () => HttpResponse.json([])),
  );
  return () => checks;
}

describe('guarded pages (spec §2)', () => {
  it('without a user, a guarded page goes to / and then to /Login', async () => {
    renderApp('/TimeTicketSearch');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/Login');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.getByText('Nassau County Auxiliary Police')).toBeInTheDocument();
  });

  it('a session that must change its password is sent to the bare /PasswordChange: no menu, no Logout', async () => {
    sessionAnswers(sessionUser({ lastLoginDate: null }));
    signIn(sessionUser({ lastLoginDate: null }));
    renderApp('/EventSearch');
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(currentPath()).toBe('/PasswordChange');
    expect(screen.getByText('Nassau County Auxiliary Police')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });
});

/** Signs in as the fixture officer, whose session the server confirms, and opens `path`; resolves the main menu. */
async function openWithMenu(path: string): Promise<HTMLElement> {
  sessionAnswers();
  signIn(sessionUser());
  renderApp(path);
  return screen.findByRole('navigation', { name: 'Main menu' });
}

/** The page name the app bar shows (react-admin's title portal). */
function appBarTitle(): string {
  return document.getElementById('react-admin-title')?.textContent ?? '';
}

describe('signed-in layout', () => {
  it('shows identity, Logout and the menu; a menu click checks the session before it navigates', async () => {
    const checks = sessionAnswers();
    signIn(sessionUser());
    renderApp('/EventSearch');
    expect(await screen.findByTestId('header-identity')).toHaveTextContent('(A0007) Doe, Jane Q');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await waitFor(() => expect(checks()).toBeGreaterThan(0));
    const before = checks();

    // a link to the page already shown does nothing
    const events = within(nav).getByRole('button', { name: 'Events' });
    if (events.getAttribute('aria-expanded') !== 'true') await userEvent.click(events);
    const eventSearch = (await within(nav).findAllByRole('link', { name: 'Search' })).find((a) => a.getAttribute('href') === '/secure/EventSearch')!;
    await userEvent.click(eventSearch);
    expect(checks()).toBe(before);
    expect(currentPath()).toBe('/EventSearch');

    await userEvent.click(within(nav).getByRole('link', { name: 'Change Password' }));
    await waitFor(() => expect(currentPath()).toBe('/PasswordChange'));
    expect(checks()).toBe(before + 1);
  });

  it("the desk header's Refresh asks for the page's answers again", async () => {
    sessionAnswers();
    let lookups = 0;
    server.use(
      http.get('*/api/getLookupTable', () => {
        lookups += 1;
        return HttpResponse.json([]);
      }),
    );
    signIn(sessionUser());
    renderApp('/EventSearch');
    const refresh = await screen.findByRole('button', { name: 'Refresh' });
    await waitFor(() => expect(lookups).toBeGreaterThan(0));
    const before = lookups;
    await userEvent.click(refresh);
    await waitFor(() => expect(lookups).toBeGreaterThan(before));
  });

  it('Change Password opened from the menu shows inside the layout: identity, Logout, menu and its title (defect 7)', async () => {
    sessionAnswers(sessionUser({ login: 'jdoe' }));
    signIn(sessionUser({ login: 'jdoe' }));
    renderApp('/EventSearch');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Change Password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByTestId('header-identity')).toHaveTextContent('(A0007) Doe, Jane Q');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    await waitFor(() => expect(appBarTitle()).toBe('Change Password'));
    // and it still works from there: Logout ends the session
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("an unknown address shows 'Not Found' once in the app bar and once as the page heading, with a way home", async () => {
    sessionAnswers();
    signIn(sessionUser());
    renderApp('/NoSuchPage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
    await waitFor(() => expect(appBarTitle()).toBe('Not Found'));
    expect(screen.getByText('There is no page at this address.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', import.meta.env.BASE_URL);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('opens menu groups by keyboard', async () => {
    const nav = await openWithMenu('/TimeTicketSearch');
    const events = within(nav).getByRole('button', { name: 'Events' });
    expect(events).toHaveAttribute('aria-expanded', 'false');
    events.focus();
    await userEvent.keyboard('{Enter}');
    expect(events).toHaveAttribute('aria-expanded', 'true');
    expect(await within(nav).findByRole('link', { name: 'Training' })).toHaveAttribute('href', '/secure/EventLandingPage?eventTypeId=4');
  });

  it('a menu click with a dead session logs out to /Login', async () => {
    const nav = await openWithMenu('/EventSearch');
    server.use(http.get('*/api/session', () => HttpResponse.json({ message: 'expired' }, { status: 401 })));
    await userEvent.click(within(nav).getByRole('link', { name: 'Change Password' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(sessionStorage.getItem('jwt')).toBeNull();
  });

  it("the header's toggle folds the menu to its icons and opens it again; 'Skip to content' takes keyboard focus past header and menu", async () => {
    const nav = await openWithMenu('/EventSearch');
    const changePassword = within(nav).getByRole('link', { name: 'Change Password' });
    expect(changePassword).not.toHaveAttribute('title');
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    // folded: only the icons show, so each entry names itself on hover
    expect(changePassword).toHaveAttribute('title', 'Change Password');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(changePassword).not.toHaveAttribute('title');

    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(currentPath()).toBe('/EventSearch');
  });

  it('Logout clears the session and shows /Login', async () => {
    sessionAnswers();
    signIn(sessionUser());
    renderApp('/EventSearch');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(sessionStorage.getItem('jwt')).toBeNull();
  });
});

describe('home redirect (spec §2)', () => {
  it('goes to the year-to-date time tickets', async () => {
    sessionAnswers();
    server.use(http.get('*/api/countUnread159s/:id', () => HttpResponse.text('0')));
    signIn(sessionUser());
    renderApp('/');
    await waitFor(() => expect(currentPath()).toMatch(/^\/TimeTicketLandingPage\?officerId=7&sinceDate=01\/01\/\d{4}&untilDate=\d{2}\/\d{2}\/\d{4}$/));
  });

  it('greets the user by name in the page and the app bar, then goes to the 159 board when there are unread 159s', async () => {
    sessionAnswers();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/countUnread159s/:id', async () => {
        await answered;
        return HttpResponse.text('2');
      }),
    );
    signIn(sessionUser());
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back Sergeant Doe!' })).toBeInTheDocument();
    await waitFor(() => expect(appBarTitle()).toBe('Welcome back Sergeant Doe!'));
    answer();
    await waitFor(() => expect(currentPath()).toBe('/UploadBrowse?uploadTypeId=1'));
  });

  it('sends level 3 to the details list', async () => {
    const user = sessionUser({ accessType: { accessTypeId: 3, description: 'Restricted' } });
    sessionAnswers(user);
    signIn(user);
    renderApp('/');
    await waitFor(() => expect(currentPath()).toBe('/EventLandingPage?eventTypeId=1'));
  });

  it('an incomplete profile is signed out with the alert on /Login', async () => {
    const user = sessionUser({ profileComplete: false });
    sessionAnswers(user);
    signIn(user);
    renderApp('/');
    expect(await screen.findByText('Your profile is incomplete. Contact the Auxiliary Support Services Detachment.')).toBeInTheDocument();
    expect(currentPath()).toBe('/Login');
    expect(sessionStorage.getItem('jwt')).toBeNull();
  });
});
