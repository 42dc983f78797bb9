import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin } from '../../renderInAdmin';
import { LosapRulesPage } from '../../../../src/resources/losap/LosapRulesPage';
import { officerHandlers, rosterAdmin } from '../officers/officerMocks';

const server = startMswServer();

const schedule = {
  year: 2026, rule: 'points', threshold: 30, stored: true, frozen: false, frozenAt: null,
  categories: [
    { name: 'Drills', unit: 'event', points: 1, perHours: null, minHours: 2, cap: 20, assignmentTypeIds: [], eventTypeIds: [4] },
    { name: 'Patrol', unit: 'hours', points: 1, perHours: 4, minHours: 0, cap: 20, assignmentTypeIds: [2], eventTypeIds: [] },
  ],
};

function rulesHandlers(answer: object, seen: unknown[] = []) {
  server.use(
    http.get('*/api/losap/rules', () => HttpResponse.json(answer)),
    http.put('*/api/losap/rules', async ({ request }) => {
      const body = await request.json();
      seen.push(body);
      return HttpResponse.json({ ...(body as object), stored: true, frozen: false, frozenAt: null });
    }),
  );
  return seen;
}

describe('/LosapRules', () => {
  it('answers the schedule’s validation in plain words beside the field, then saves', async () => {
    officerHandlers(server, rosterAdmin);
    const seen = rulesHandlers(schedule);
    signIn(rosterAdmin);
    renderInAdmin(<LosapRulesPage />, '/LosapRules?year=2026');
    const threshold = await screen.findByLabelText('Points to qualify');
    expect(screen.getAllByLabelText('Category name').map((i) => (i as HTMLInputElement).value)).toEqual(['Drills', 'Patrol']);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The threshold (50) is above the sum of the caps (40): no officer could qualify.')).toBeInTheDocument();
    expect(seen).toEqual([]);
    const caps = screen.getAllByLabelText('Cap (most points a year; empty: none)');
    await userEvent.clear(caps[1]);
    await userEvent.type(caps[1], '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category "Patrol": the cap cannot be negative.')).toBeInTheDocument();
    await userEvent.clear(caps[1]);
    await userEvent.type(caps[1], '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({ year: 2026, rule: 'points', threshold: 50, categories: [{ name: 'Drills', cap: 20 }, { name: 'Patrol', cap: 30, perHours: 4 }] });
    expect(await screen.findByText('The LOSAP rules of 2026 are saved.')).toBeInTheDocument();
  });

  it('shows a certified year read-only, with why', async () => {
    officerHandlers(server, rosterAdmin);
    rulesHandlers({ ...schedule, frozen: true, frozenAt: '2027-02-01T15:00:00.000Z' });
    signIn(rosterAdmin);
    renderInAdmin(<LosapRulesPage />, '/LosapRules?year=2026');
    expect(await screen.findByText('This LOSAP year has been certified and can no longer be changed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('is not permitted below level 10', async () => {
    const supervisor = sessionUser({ officerId: 5, accessType: { accessTypeId: 9, description: 'Administrator' } });
    officerHandlers(server, supervisor);
    signIn(supervisor);
    renderInAdmin(<LosapRulesPage />, '/LosapRules');
    expect(await screen.findByText('Unauthorized!')).toBeInTheDocument();
  });
});
