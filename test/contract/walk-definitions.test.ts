import { describe, expect, it } from 'vitest';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { messages } from '@sitewalk/shared/messages';
import { marker, walkTestFile } from '../support/walks.ts';

/** Walks and their markers: set up, changed and deleted by assistant managers and above (field-operations). */

const { call, api, w } = walkTestFile();

describe('walks', () => {
  it('are created with markers numbered 1..n in order, ranges flagged, and read back', async () => {
    const created = await api(w.manager, 'walk.create', {
      body: {
        name: 'Morning round',
        description: 'Gates, then units',
        locationId: w.a.locationId,
        markers: [marker(1, { order: 1 }), marker(2, { order: 0, unitNumberRange: '100-120', isDoor: true })],
      },
    });
    expect(created.markers.map((m) => [m.label, m.hasUnitRange, m.isDoor])).toEqual([
      [1, true, true],
      [2, false, false],
    ]);
    expect(new Set(created.markers.map((m) => m.id)).size).toBe(2);
    expect(await api(w.employee, 'walk.get', { params: { id: created.id } })).toEqual(created);
  });

  it('take a name, a description and a unit range at their limits', async () => {
    const edge = await api(w.manager, 'walk.create', {
      body: {
        name: 'n'.repeat(30),
        description: 'd'.repeat(200),
        locationId: w.a.locationId,
        // Digits, commas, spaces and hyphens; the ends trimmed.
        markers: [marker(1, { unitNumberRange: ' 100-120, 130 - 140 ' })],
      },
    });
    expect(edge).toMatchObject({ name: 'n'.repeat(30), description: 'd'.repeat(200) });
    expect(edge.markers[0]?.unitNumberRange).toBe('100-120, 130 - 140');
  });

  it('are set up by assistant managers and above, at their own locations only', async () => {
    const body = { name: 'Evening', locationId: w.a.locationId, markers: [marker(1)] };
    expect((await call(w.employee, 'POST', '/api/walk', body)).status).toBe(403);
    expect((await call(w.managerB, 'POST', '/api/walk', body)).status).toBe(404);
  });

  it('are listed per location without deleted ones, updated, and deleted softly', async () => {
    const { id: walkId } = await api(w.manager, 'walk.create', {
      body: { name: 'Temp', locationId: w.a.locationId, markers: [marker(1)] },
    });
    const updated = await api(w.manager, 'walk.update', {
      body: { id: walkId, name: 'Temp 2', locationId: w.a.locationId, markers: [marker(1), marker(2)] },
    });
    expect(updated).toMatchObject({ name: 'Temp 2', deletedAt: null });
    expect(updated.markers).toHaveLength(2);
    expect((await call(w.managerB, 'GET', `/api/walk/${walkId}`)).status).toBe(404);
    expect((await call(w.managerB, 'DELETE', `/api/walk/${walkId}`)).status).toBe(404);
    expect(await api(w.manager, 'walk.delete', { params: { id: walkId } })).toEqual({
      success: true,
      id: walkId,
    });
    const listed = await api(w.employee, 'walk.allByLocation', { params: { locationId: w.a.locationId } });
    expect(listed.some((walk) => walk.id === walkId)).toBe(false);
    const kept = await api(w.manager, 'walk.get', { params: { id: walkId } });
    expect(kept.deletedAt).not.toBeNull(); // reports keep their walk
    expect((await call(w.managerB, 'GET', `/api/walk/all/${w.a.locationId}`)).status).toBe(404);
    // The deleted walk left the location's active range: the list never reads it again, however many edits
    // (a new walk and a deleted old one each) a location goes through.
    const inState = async (state: 'active' | 'deleted') =>
      (
        await dataFromEnv().entities.walk.query.byLocation({ locationId: w.a.locationId, state }).go()
      ).data.map((walk) => walk.walkId);
    expect(await inState('active')).not.toContain(walkId);
    expect(await inState('deleted')).toContain(walkId);
  });

  it('keep the ids of the markers an update names, so reports still point at them', async () => {
    const created = await api(w.manager, 'walk.create', {
      body: { name: 'Kept ids', locationId: w.a.locationId, markers: [marker(1), marker(2), marker(3)] },
    });
    const [m1, m2, m3] = created.markers;
    // Reversed, the second marker dropped, a new one added: labels renumber, named ids stay.
    const updated = await api(w.manager, 'walk.update', {
      body: {
        id: created.id,
        name: 'Kept ids',
        locationId: w.a.locationId,
        markers: [
          { ...marker(1), id: m3?.id, lat: m3?.lat ?? 0 },
          { ...marker(2), id: m1?.id, lat: m1?.lat ?? 0 },
          { ...marker(3), id: m1?.id }, // a duplicate id is a new marker
          marker(4),
        ],
      },
    });
    const after = updated.markers;
    expect(after.map((m) => m.label)).toEqual([1, 2, 3, 4]);
    expect(after.slice(0, 2).map((m) => [m.id, m.lat])).toEqual([
      [m3?.id, m3?.lat],
      [m1?.id, m1?.lat],
    ]);
    const ids = after.map((m) => m.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids).not.toContain(m2?.id);
    // An id from another walk is not taken over.
    const other = await api(w.manager, 'walk.update', {
      body: {
        id: created.id,
        name: 'Kept ids',
        locationId: w.a.locationId,
        markers: [{ ...marker(1), id: m2?.id }],
      },
    });
    expect(other.markers[0]?.id).not.toBe(m2?.id);
  });

  it('refuse updates below assistant manager, across tenants, to another location or once deleted', async () => {
    const { id: walkId } = await api(w.manager, 'walk.create', {
      body: { name: 'Guarded', locationId: w.a.locationId, markers: [marker(1)] },
    });
    const body = { id: walkId, name: 'Changed', locationId: w.a.locationId, markers: [marker(1)] };
    expect((await call(w.employee, 'PUT', '/api/walk', body)).status).toBe(403);
    expect((await call(w.employee, 'DELETE', `/api/walk/${walkId}`)).status).toBe(403);
    expect((await call(w.managerB, 'PUT', '/api/walk', body)).status).toBe(404);
    const moved = await call(w.admin, 'PUT', '/api/walk', { ...body, locationId: w.b.locationId });
    expect(moved.status).toBe(400);
    expect(moved.body.validationErrors).toHaveProperty(['locationId']);
    expect((await api(w.manager, 'walk.get', { params: { id: walkId } })).name).toBe('Guarded');
    await api(w.manager, 'walk.delete', { params: { id: walkId } });
    expect((await call(w.manager, 'PUT', '/api/walk', body)).status).toBe(404);
    // Deleting again changes nothing.
    expect(await api(w.manager, 'walk.delete', { params: { id: walkId } })).toEqual({
      success: true,
      id: walkId,
    });
  });
});

describe("a walk's bad input is refused with the spec's messages under each field, never a 500", () => {
  const v = messages.validation;
  const base = () => ({ name: 'X', locationId: w.a.locationId, markers: [marker(1)] });
  const withRange = (unitNumberRange: string) => ({ markers: [marker(1), marker(2, { unitNumberRange })] });

  it.each<[string, Record<string, unknown>, string, string | undefined]>([
    ['an empty name', { name: '' }, 'name', v.walkNameRequired],
    ['a blank name', { name: '   ' }, 'name', v.walkNameRequired],
    ['no name', { name: undefined }, 'name', undefined],
    ['a name of 31 characters', { name: 'x'.repeat(31) }, 'name', v.walkNameTooLong],
    [
      'a description of 201 characters',
      { description: 'd'.repeat(201) },
      'description',
      v.walkDescriptionTooLong,
    ],
    ['no markers', { markers: [] }, 'markers', v.walkNeedsMarker],
    ['a missing marker list', { markers: undefined }, 'markers', undefined],
    ['no location', { locationId: undefined }, 'locationId', undefined],
    ['a latitude beyond 90', { markers: [marker(1, { lat: 91 })] }, 'markers.0.lat', undefined],
    [
      'a unit range with a letter and a semicolon',
      withRange('1-5; A'),
      'markers.1.unitNumberRange',
      v.unitRangeCharacters,
    ],
    ['a unit range with a letter', withRange('A12'), 'markers.1.unitNumberRange', v.unitRangeCharacters],
    ['a unit range with a tab', withRange('10\t20'), 'markers.1.unitNumberRange', v.unitRangeCharacters],
    ['a unit range with a slash', withRange('10/12'), 'markers.1.unitNumberRange', v.unitRangeCharacters],
  ])('%s', async (_, change, field, message) => {
    const answer = await call(w.manager, 'POST', '/api/walk', { ...base(), ...change });
    expect(answer.status).toBe(400);
    const errors = answer.body.validationErrors as Record<string, string[]>;
    expect(Object.keys(errors)).toContain(field);
    if (message) {
      expect(errors[field]).toContain(message);
      expect(answer.body.message).toContain(`${field}: ${message}`);
    }
  });

  it('an update with an empty name', async () => {
    const { id } = await api(w.manager, 'walk.create', { body: base() });
    const answer = await call(w.manager, 'PUT', '/api/walk', { ...base(), id, name: '' });
    expect(answer.status).toBe(400);
    expect(answer.body.validationErrors).toHaveProperty(['name']);
  });

  it.each([
    ['POST', '/api/walk', () => ({ ...base(), locationId: 999999 })],
    ['PUT', '/api/walk', () => ({ ...base(), id: 999999 })],
    ['GET', '/api/walk/999999', () => undefined],
    ['DELETE', '/api/walk/999999', () => undefined],
  ])('%s %s naming what is not there answers 404', async (method, path, body) => {
    expect((await call(w.manager, method, path, body())).status).toBe(404);
  });

  it.each([
    ['GET', '/api/walk/abc', messages.validation.noId],
    ['DELETE', '/api/walk/abc', messages.validation.noId],
    ['GET', '/api/walk/all/abc', undefined],
  ])('%s %s (an id that is no number) answers 400', async (method, path, message) => {
    const answer = await call(w.manager, method, path);
    expect(answer.status).toBe(400);
    if (message) expect(answer.body.message).toContain(message);
  });
});
