import { beforeAll, describe, expect, it } from 'vitest';
import { INCIDENT_IMAGES_MAX, INCIDENT_NOTES_MAX } from '@sitewalk/shared/constants';
import { isolatedEnvironment } from '../../../test/support/isolated.ts';
import { readEnv, tableEnv } from '../env.ts';
import { createDocumentClient } from './client.ts';
import { createService, type DataService } from './service.ts';
import { addIncidentPhoto, addIncidentNote, createIncident, getIncident } from './incidents.ts';

/** The conditional appends to an incident as values, as DynamoDB Local answers them. */
let db: DataService;
let nextIncidentId = 8000;

beforeAll(async () => {
  await isolatedEnvironment();
  const env = readEnv(tableEnv);
  db = createService(createDocumentClient(env), env.TABLE_NAME);
});

const location = { locationId: 8101, organizationId: 8102, managementCompanyId: 8103 };
const created = async (fill: { notes?: number; images?: number } = {}) => {
  const incidentId = ++nextIncidentId;
  const createdAt = new Date().toISOString();
  const written = await createIncident(db, {
    incidentId,
    ...location,
    priority: 2,
    createdBy: 1,
    createdAt,
    texts: [],
    notes: Array.from({ length: fill.notes ?? 0 }, (_, id) => ({ id, note: 'n', userId: 1, createdAt })),
    photoKeys: Array.from({ length: fill.images ?? 0 }, (_, index) => `key-${index}`),
  });
  expect(written).toBe(true);
  return incidentId;
};
const stored = async (incidentId: number) => {
  const item = await getIncident(db, incidentId, true);
  if (!item) throw new Error(`incident ${incidentId} is missing`);
  return item;
};
const note = (id: number) => ({ id, note: `note ${id}`, userId: 7, createdAt: '2026-01-01T10:00:00.000Z' });
const gone = 999_999;

describe('adding a note', () => {
  it('appends it to the incident', async () => {
    const incidentId = await created({ notes: 1 });
    expect(await addIncidentNote(db, incidentId, note(42))).toBe(true);
    expect((await stored(incidentId)).notes.at(-1)).toEqual(note(42));
  });

  it('is refused on a full incident, and writes nothing', async () => {
    const incidentId = await created({ notes: INCIDENT_NOTES_MAX });
    expect(await addIncidentNote(db, incidentId, note(1))).toBe(false);
    expect((await stored(incidentId)).notes).toHaveLength(INCIDENT_NOTES_MAX);
  });

  it('is refused on an incident that does not exist, and creates none', async () => {
    expect(await addIncidentNote(db, gone, note(1))).toBe(false);
    expect(await getIncident(db, gone, true)).toBeNull();
  });

  it('lets only one of parallel notes take the last place', async () => {
    const incidentId = await created({ notes: INCIDENT_NOTES_MAX - 1 });
    const results = await Promise.all([1, 2, 3, 4].map((id) => addIncidentNote(db, incidentId, note(id))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await stored(incidentId)).notes).toHaveLength(INCIDENT_NOTES_MAX);
  });
});

describe('adding an image', () => {
  it('appends its key; without a client id, the same key twice is two images', async () => {
    const incidentId = await created();
    expect(await addIncidentPhoto(db, incidentId, 'a')).toBe(true);
    expect(await addIncidentPhoto(db, incidentId, 'a')).toBe(true);
    const item = await stored(incidentId);
    expect(item.photoKeys).toEqual(['a', 'a']);
    expect(item.photoRequests).toBeUndefined();
  });

  it('records who asked under a client id, and refuses a second write under it', async () => {
    const incidentId = await created();
    expect(await addIncidentPhoto(db, incidentId, 'first', { clientId: 'c1', userId: 7 })).toBe(true);
    expect(await addIncidentPhoto(db, incidentId, 'second', { clientId: 'c1', userId: 7 })).toBe(false);
    expect(await addIncidentPhoto(db, incidentId, 'third', { clientId: 'c2', userId: 8 })).toBe(true);
    const item = await stored(incidentId);
    expect(item.photoKeys).toEqual(['first', 'third']);
    expect(item.photoRequests).toEqual([
      { clientId: 'c1', key: 'first', userId: 7 },
      { clientId: 'c2', key: 'third', userId: 8 },
    ]);
  });

  it('lets only one of parallel copies under one client id write', async () => {
    const incidentId = await created();
    const keys = ['k1', 'k2', 'k3', 'k4'];
    const results = await Promise.all(
      keys.map((key) => addIncidentPhoto(db, incidentId, key, { clientId: 'same', userId: 7 })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const item = await stored(incidentId);
    expect(item.photoKeys).toHaveLength(1);
    expect(item.photoRequests?.map((r) => r.key)).toEqual(item.photoKeys);
  });

  it.each([
    ['without a client id', undefined],
    ['under a new client id', { clientId: 'new', userId: 7 }],
  ])('is refused on a full incident %s, and writes nothing', async (_, request) => {
    const incidentId = await created({ images: INCIDENT_IMAGES_MAX });
    expect(await addIncidentPhoto(db, incidentId, 'one too many', request)).toBe(false);
    const item = await stored(incidentId);
    expect(item.photoKeys).toHaveLength(INCIDENT_IMAGES_MAX);
    expect(item.photoRequests).toBeUndefined();
  });

  it('is refused on an incident that does not exist, and creates none', async () => {
    expect(await addIncidentPhoto(db, gone, 'a', { clientId: 'c', userId: 7 })).toBe(false);
    expect(await getIncident(db, gone, true)).toBeNull();
  });
});
