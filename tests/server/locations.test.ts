import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addEvent, addLocation, locationBody } from './events.fixtures';

let t: TestApp;
let admin: string;
let officer: string;
beforeAll(async () => {
  t = await startTestApp();
  await createOfficer(t.app, { officerId: 201, accessTypeId: 9 });
  await createOfficer(t.app, { officerId: 202, accessTypeId: 1 });
  admin = await tokenFor(t.app, 201);
  officer = await tokenFor(t.app, 202);
});
afterAll(() => t.close());

describe('locations (spec §2 Locations, §5 Location, §7)', () => {
  it('adds, reads, changes and lists a location at level 9', async () => {
    const created = await call(t.app, 'POST', '/api/locations/insert', { token: admin, body: locationBody() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Roosevelt Field',
      state: { stateId: 33, stateAbbr: 'NY', stateName: 'New York' },
      precinct: { precinctId: 5, description: '5th Precinct' },
      hasChildren: 'N',
    });
    const id = created.body.locationId;
    const single = await call(t.app, 'GET', `/api/locations/getSingle/${id}`, { token: officer });
    expect(single.status).toBe(200);
    expect(single.body.zip).toBe('11530');
    const updated = await call(t.app, 'PUT', '/api/locations/update', {
      token: admin,
      body: { ...locationBody({ name: 'Roosevelt Field Mall', phone1: '', email1: null }), locationId: id, state: { stateId: 33, stateName: 'New York', stateAbbr: 'NY' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Roosevelt Field Mall', phone1: '', email1: '' });
    const list = await call(t.app, 'GET', '/api/locations/getMultiple', { token: officer });
    expect(list.status).toBe(200);
    expect(list.body.map((l: { locationId: number }) => l.locationId)).toContain(id);
  });

  it('refuses a level 1 officer writing locations (403 Unauthorized!)', async () => {
    const res = await call(t.app, 'POST', '/api/locations/insert', { token: officer, body: locationBody() });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Unauthorized!');
    const del = await call(t.app, 'DELETE', '/api/locations/delete', { token: officer, body: [{ id: 0, deleteStatus: '' }, { id: 1, deleteStatus: 'Y' }] });
    expect(del.status).toBe(403);
  });

  it.each([
    [{ name: '  ' }, 'Name is required'],
    [{ address: '' }, 'Address is required'],
    [{ city: '' }, 'City is required'],
    [{ zip: '' }, 'Zip code is required'],
    [{ zip: '1153' }, 'Invalid postal code format'],
    [{ zip: '11530-12' }, 'Invalid postal code format'],
    [{ phone1: '5165550199' }, 'Invalid phone number format - must be 999-999-9999'],
    [{ email1: 'mall@example' }, 'Invalid email format'],
    [{ email1: '@example.org' }, 'Invalid email format'],
    [{ webAddress: 'javascript:alert(1)' }, 'Invalid web address format regex'],
    [{ state: { stateId: 0 } }, 'Must select state'],
    [{ precinct: { precinctId: 0 } }, 'Must select precinct'],
  ])('refuses %o with "%s"', async (over, message) => {
    const res = await call(t.app, 'POST', '/api/locations/insert', { token: admin, body: locationBody(over) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('accepts zip 5+4 and empty optional fields', async () => {
    const res = await call(t.app, 'POST', '/api/locations/insert', {
      token: admin,
      body: locationBody({ zip: '11530-1234', phone1: '', email1: '', webAddress: '' }),
    });
    expect(res.status).toBe(201);
  });

  it('refuses unknown fields', async () => {
    const res = await call(t.app, 'POST', '/api/locations/insert', { token: admin, body: locationBody({ isAdmin: true }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown field: isAdmin');
  });

  it('refuses to remove a location used by an event, and removes an unused one', async () => {
    const used = await addLocation(t.app, admin, { name: 'Used' });
    await addEvent(t.app, admin, used);
    const unused = await addLocation(t.app, admin, { name: 'Unused' });
    const listed = await call(t.app, 'GET', `/api/locations/getSingle/${used}`, { token: admin });
    expect(listed.body.hasChildren).toBe('Y');
    const refused = await call(t.app, 'DELETE', '/api/locations/delete', {
      token: admin,
      body: [{ id: 0, deleteStatus: '' }, { id: unused, deleteStatus: 'Y' }, { id: used, deleteStatus: 'Y' }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This location is used by events and cannot be removed.');
    expect((await call(t.app, 'GET', `/api/locations/getSingle/${unused}`, { token: admin })).status).toBe(200);
    const ok = await call(t.app, 'DELETE', '/api/locations/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }, { id: unused, deleteStatus: 'Y' }] });
    expect(ok.status).toBe(200);
    expect(ok.body.deleted).toBe(1);
    expect((await call(t.app, 'GET', `/api/locations/getSingle/${unused}`, { token: admin })).status).toBe(404);
  });

  it('stamps updatedTimestamp with the app clock on add and change', async () => {
    t.clock.set('2031-02-03T04:05:00Z');
    const created = await call(t.app, 'POST', '/api/locations/insert', { token: await tokenFor(t.app, 201), body: locationBody({ name: 'Clocked' }) });
    expect(created.status).toBe(201);
    expect(created.body.updatedTimestamp).toBe('2031-02-03T04:05:00.000Z');
    t.clock.advanceMinutes(10);
    const updated = await call(t.app, 'PUT', '/api/locations/update', {
      token: await tokenFor(t.app, 201),
      body: { ...locationBody({ name: 'Clocked again' }), locationId: created.body.locationId },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.updatedTimestamp).toBe('2031-02-03T04:15:00.000Z');
  });
});
