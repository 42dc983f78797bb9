import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin } from '../../renderInAdmin';
import { AppMenu } from '../../../../src/custom/AppMenu';
import { auditor } from './queueMocks';

const server = startMswServer();

describe('the Audit Queue menu entry', () => {
  it('shows the auditor how many tickets wait', async () => {
    let asked = 0;
    server.use(http.get('*/api/timeTickets/getQueueCount', () => (asked++, HttpResponse.json({ waiting: 3 }))));
    signIn(auditor);
    renderInAdmin(<AppMenu />, '/AuditQueue');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const link = within(nav).getByRole('link', { name: /^Audit Queue/ });
    expect(link).toHaveAttribute('href', '/AuditQueue');
    expect(await within(link).findByText('3 waiting')).toBeInTheDocument();
    expect(asked).toBe(1);
  });

  it('says the count on the closed Time Tickets group too', async () => {
    server.use(http.get('*/api/timeTickets/getQueueCount', () => HttpResponse.json({ waiting: 12 })));
    signIn(auditor);
    renderInAdmin(<AppMenu />, '/Forms');
    const group = screen.getByRole('button', { name: /^Time Tickets/ });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(await within(group).findByText('12 waiting')).toBeInTheDocument();
  });

  it('is not there for an administrator, and nobody asks the count (msw refuses unexpected calls)', () => {
    signIn(sessionUser({ accessType: { accessTypeId: 9, description: 'Administrator' } }));
    renderInAdmin(<AppMenu />, '/TimeTicketSearch');
    expect(screen.queryByRole('link', { name: /Audit Queue/ })).not.toBeInTheDocument();
  });
});
