import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { startMswServer } from '../msw';
import { sessionUser, signIn } from '../fixtures';
import { renderInAdmin } from '../renderInAdmin';
import { OfficerPicker, OfficerPickerField } from '../../../src/common/OfficerPicker';
import { filterOfficers } from '../../../src/domain/officerLabel';

const server = startMswServer();
const OFFICERS = [
  { officerId: 0, lastName: '', firstName: '' },
  { officerId: 7, lastName: 'Doe', firstName: 'Jane' },
  { officerId: 101, lastName: 'Ortiz', firstName: 'Olivia' },
  { officerId: 105, lastName: 'Sullivan', firstName: 'Sam' },
  { officerId: 110, lastName: "O'Brien", firstName: 'Audrey' },
];

function officerHandler() {
  server.use(http.get('*/api/officer/getMultiple', () => HttpResponse.json(OFFICERS)));
}

/** The options the open picker lists, by their text. */
const shown = () => within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);

/** Shows the form value of officerId beside the picker. */
function Value() {
  const v: unknown = useWatch({ name: 'officerId' });
  return <output aria-label="chosen">{String(v ?? '')}</output>;
}

describe('filterOfficers: what an officer picker finds for typed text', () => {
  const list = OFFICERS.slice(1);
  const ids = (typed: string) => filterOfficers(list, typed).map((o) => o.officerId);
  it('finds by last name, first name, both, or the officer id in any of its forms', () => {
    expect(ids('ort')).toEqual([101]);
    expect(ids('SAM')).toEqual([105]);
    expect(ids('oli ortiz')).toEqual([101]);
    expect(ids('A0007')).toEqual([7]);
    expect(ids('a7')).toEqual([7]);
    expect(ids('0105')).toEqual([105]);
    expect(ids('11')).toEqual([110]);
    expect(ids('obri')).toEqual([110]);
    expect(ids('(A0101) Ortiz, Olivia')).toEqual([101]);
    expect(ids('')).toEqual([7, 101, 105, 110]);
    expect(ids('zz')).toEqual([]);
    expect(filterOfficers(list, 'o', 2).map((o) => o.officerId)).toEqual([101, 110]);
  });
});

describe('OfficerPicker (type-ahead, react-admin form)', () => {
  it("narrows by last name, first name and 'A0007'-style id; picks by keyboard; the value is the officer id", async () => {
    officerHandler();
    signIn(sessionUser({ accessType: { accessTypeId: 5, description: 'Supervisor' } }));
    renderInAdmin(
      <Form>
        <OfficerPicker source="officerId" />
        <Value />
      </Form>,
    );
    const input = await screen.findByRole('combobox', { name: 'Officer' });
    expect(screen.getByText('Type a last name, first name or officer ID (A0001).')).toBeInTheDocument();
    await userEvent.click(input);
    await waitFor(() => expect(shown()).toEqual(['(A0007) Doe, Jane', '(A0101) Ortiz, Olivia', '(A0105) Sullivan, Sam', "(A0110) O'Brien, Audrey"]));
    await userEvent.type(input, 'sulli');
    await waitFor(() => expect(shown()).toEqual(['(A0105) Sullivan, Sam']));
    await userEvent.clear(input);
    await userEvent.type(input, 'olivia');
    await waitFor(() => expect(shown()).toEqual(['(A0101) Ortiz, Olivia']));
    await userEvent.clear(input);
    await userEvent.type(input, 'A0007');
    await waitFor(() => expect(shown()).toEqual(['(A0007) Doe, Jane']));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue('(A0007) Doe, Jane');
    expect(screen.getByLabelText('chosen')).toHaveTextContent('7');
    await userEvent.clear(input);
    await userEvent.type(input, 'nobody');
    expect(await screen.findByText('No officer matches.')).toBeInTheDocument();
  });
});

describe('OfficerPickerField (type-ahead, outside a form)', () => {
  function Harness() {
    const [value, setValue] = useState<number | null>(null);
    return (
      <>
        <OfficerPickerField value={value} onChange={setValue} label="Officer to add" />
        <output aria-label="chosen">{String(value)}</output>
      </>
    );
  }
  it('matches the same way and answers the chosen officer id', async () => {
    officerHandler();
    signIn(sessionUser({ accessType: { accessTypeId: 5, description: 'Supervisor' } }));
    renderInAdmin(<Harness />);
    const input = await screen.findByRole('combobox', { name: 'Officer to add' });
    await userEvent.type(input, 'a0101');
    await waitFor(() => expect(shown()).toEqual(['(A0101) Ortiz, Olivia']));
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('chosen')).toHaveTextContent('101');
    await userEvent.clear(input);
    await userEvent.type(input, 'doe');
    await waitFor(() => expect(shown()).toEqual(['(A0007) Doe, Jane']));
  });
});
