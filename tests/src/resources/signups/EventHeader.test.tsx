import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin } from '../../renderInAdmin';
import { eventHandlers, eventRow, signupRow } from '../events/eventMocks';
import { SignupList } from '../../../../src/resources/signups/SignupList';

const server = startMswServer();

describe('/EventSignupBrowse: the event header', () => {
  it('shows the incentive hours and the description (HTML sanitised) even at level 3', async () => {
    const restricted = sessionUser({ accessType: { accessTypeId: 3, description: 'Restricted' } });
    const description = 'PCT05 <b>Bring</b> a reflective vest.<img src=x onerror=alert(1)>\nMeet at Gate 3.';
    eventHandlers(server, restricted, [eventRow({ description, incentiveHours: 1.5 })], [signupRow(7, 'Doe', 'Jane')]);
    signIn(restricted);
    renderInAdmin(<SignupList />, '/EventSignupBrowse?eventId=5');
    expect(await screen.findByText('Incentive Hours:')).toBeInTheDocument();
    expect(screen.getByText('1.50')).toBeInTheDocument();
    expect(screen.getByText('Description:')).toBeInTheDocument();
    const shown = screen.getByTestId('event-description');
    expect(shown).toHaveTextContent('PCT05 Bring a reflective vest. Meet at Gate 3.');
    expect(shown.querySelector('b')).toHaveTextContent('Bring');
    expect(shown.querySelector('img')).toBeNull();
  });
});
