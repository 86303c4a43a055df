import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { messages } from '@sitewalk/shared/messages';
import {
  INCIDENT_ANSWER_BYTES_MAX,
  INCIDENT_BY_LOCATION_LIMIT,
  INCIDENT_IMAGES_MAX,
  INCIDENT_NOTES_MAX,
} from '@sitewalk/shared/constants';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { apiAs, type Api } from '../support/api.ts';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { seedTenant, type Tenant } from '../support/site.ts';

/** The incident calls the field-operations spec lists, over HTTP, two tenants side by side. */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
let admin: Person;
let manager: Person;
let employee: Person;
let managerB: Person;
let sites: { companyId: number; organizationId: number; locationId: number; otherLocationId: number };
let siteB: number;
let tenantA: Tenant;

interface IncidentBody {
  id: number;
  typeId: number;
  resolved: boolean;
  resolvedAt: string | null;
  createdAt: string;
  locationId: number;
  walkReportId: number | null;
  notes: {
    id: number;
    note: string;
    createdAt: string;
    user: { firstName: string; lastName: string } | null;
  }[];
  images: { key: string; presignedUrl: string }[];
  incidentTexts: { id: number; incidentNoteText: { text: string } }[];
  walk: { location: { name: string }; locationId: number } | null;
  location: { name: string } | null;
}

const id = (answer: { body: Record<string, unknown> }) => Number(answer.body.id);
const incidentOf = (answer: { body: unknown }) => answer.body as IncidentBody;
const idsOf = (list: unknown) => (list as IncidentBody[]).map((i) => i.id);

/** Starts a walk report as `who` on a new walk of one marker at the location; answers its id. */
const report = async (who: Person, locationId: number, startedAt: string) => {
  const walk = await api(admin, 'walk.create', {
    body: { name: 'Round', locationId, markers: [{ label: 1, lat: 36.8, lng: -119.7 }] },
  });
  const started = await api(who, 'walkReport.start', {
    body: { walkId: walk.id, clientId: crypto.randomUUID(), startedAt },
  });
  return started.id;
};

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  tenantA = await seedTenant(t.host.url, { by: admin, label: 'North' });
  const tenantB = await seedTenant(t.host.url, { by: admin, label: 'B' });
  sites = {
    companyId: tenantA.companyId,
    organizationId: tenantA.organizationId,
    locationId: tenantA.locationId,
    otherLocationId: await tenantA.addLocation('South site'),
  };
  siteB = tenantB.locationId;
  manager = await tenantA.person(Role.Manager, [sites.locationId, sites.otherLocationId]);
  employee = await tenantA.person(Role.Employee);
  managerB = await tenantB.person(Role.Manager);
});
afterAll(() => t.host.close());

describe('creating and reading an incident', () => {
  it('answers the incident with its priority, texts, notes by the caller and location', async () => {
    const body = {
      locationId: sites.locationId,
      typeId: 1,
      incidentTexts: ['Broken gate', 'Lock missing'],
      notes: ['Seen at 6am'],
      userId: admin.id, // ignored: the author is the caller
    };
    const incident = await api(employee, 'incident.create', { body });
    expect(incident).toMatchObject({
      typeId: 1,
      resolved: false,
      resolvedAt: null,
      locationId: sites.locationId,
      walkReportId: null,
      walk: null,
      location: { name: 'Location North' },
      images: [],
    });
    expect(incident.incidentTexts.map((x) => x.incidentNoteText.text)).toEqual([
      'Broken gate',
      'Lock missing',
    ]);
    const me = await api(employee, 'auth.me');
    expect(incident.notes).toMatchObject([
      { note: 'Seen at 6am', user: { firstName: me.firstName, lastName: me.lastName } },
    ]);
    expect(await api(manager, 'incident.get', { params: { id: incident.id } })).toEqual(incident);
  });

  it('belongs to the walk report it was found on', async () => {
    const walkReportId = await report(employee, sites.locationId, '2026-11-20T06:00:00.000Z');
    const created = await api(employee, 'incident.create', {
      body: { locationId: sites.locationId, typeId: 2, walkReportId },
    });
    expect(created).toMatchObject({
      walkReportId,
      walk: { location: { name: 'Location North' }, locationId: sites.locationId },
    });
    const elsewhere = await call(manager, 'POST', '/api/incident', {
      locationId: sites.otherLocationId,
      typeId: 2,
      walkReportId,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.validationErrors).toHaveProperty('walkReportId');
    // It reads back, and lists, as belonging to the report.
    expect(incidentOf(await call(manager, 'GET', `/api/incident/${created.id}`))).toEqual(created);
    const listed = (await call(manager, 'GET', `/api/incident/by-location/${sites.locationId}`)).body
      .incidents as IncidentBody[];
    expect(listed.find((i) => i.id === created.id)).toEqual(created);
  });

  it.each([
    ['that does not exist', async () => 999999],
    ["of another tenant's location", () => report(managerB, siteB, '2026-11-20T06:00:00.000Z')],
  ])('refuses a walk report %s, as it refuses one of another location', async (_, walkReportId) => {
    const refused = await call(employee, 'POST', '/api/incident', {
      locationId: sites.locationId,
      typeId: 2,
      walkReportId: await walkReportId(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual({ walkReportId: ['not a walk report of this location'] });
  });

  it.each([0, 4, 1.5, '1'])('refuses a priority (typeId) of %j', async (typeId) => {
    const bad = await call(employee, 'POST', '/api/incident', { locationId: sites.locationId, typeId });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors).toHaveProperty('typeId');
  });

  it("refuses bad input with the spec's messages", async () => {
    const nothing = await call(employee, 'POST', '/api/incident', undefined);
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toContain(messages.validation.missingIncidentInfo);
    const blankText = await call(employee, 'POST', '/api/incident', {
      locationId: sites.locationId,
      typeId: 3,
      incidentTexts: ['  '],
    });
    expect(blankText.status).toBe(400);
    const noId = await call(employee, 'GET', '/api/incident/abc');
    expect(noId.status).toBe(400);
    expect(noId.body.message).toContain(messages.validation.noId);
    expect((await call(employee, 'GET', '/api/incident/999999')).status).toBe(404);
  });

  it('keeps other locations and tenants out', async () => {
    expect(
      (await call(employee, 'POST', '/api/incident', { locationId: sites.otherLocationId, typeId: 3 }))
        .status,
    ).toBe(404);
    expect(
      (await call(managerB, 'POST', '/api/incident', { locationId: sites.locationId, typeId: 3 })).status,
    ).toBe(404);
    const mine = id(
      await call(manager, 'POST', '/api/incident', { locationId: sites.otherLocationId, typeId: 3 }),
    );
    expect((await call(employee, 'GET', `/api/incident/${mine}`)).status).toBe(404);
    expect((await call(managerB, 'GET', `/api/incident/${mine}`)).status).toBe(404);
    expect((await call(managerB, 'PUT', '/api/incident', { id: mine, typeId: 1 })).status).toBe(404);
    expect(
      (await call(managerB, 'POST', '/api/incident/note', { incidentId: mine, note: 'hi' })).status,
    ).toBe(404);
    expect((await call(managerB, 'PUT', `/api/incident/${mine}/resolve`, { resolved: true })).status).toBe(
      404,
    );
    expect((await call(managerB, 'DELETE', `/api/incident/${mine}`)).status).toBe(404);
    expect(
      (
        await call(managerB, 'POST', `/api/incident/${mine}/image`, {
          contentType: 'image/png',
          contentLength: 10,
        })
      ).status,
    ).toBe(404);
    expect((await call(managerB, 'GET', `/api/incident/by-location/${sites.locationId}`)).status).toBe(404);
    expect((await call(managerB, 'GET', `/api/incident/some/by-location/${sites.locationId}`)).status).toBe(
      404,
    );
    expect(incidentOf(await call(manager, 'GET', `/api/incident/${mine}`)).typeId).toBe(3); // unchanged
  });
});

describe('working an incident', () => {
  let incidentId: number;
  beforeAll(async () => {
    incidentId = id(
      await call(employee, 'POST', '/api/incident', {
        locationId: sites.locationId,
        typeId: 3,
        incidentTexts: ['Light out'],
      }),
    );
  });

  it('takes notes newest first, authored by the caller whatever the body says', async () => {
    const first = await call(employee, 'POST', '/api/incident/note', {
      incidentId,
      note: 'Reported to owner',
    });
    expect(first.status).toBe(201);
    const second = await call(manager, 'POST', '/api/incident/note', {
      incidentId,
      note: 'Electrician booked',
      userId: employee.id,
    });
    const managerMe = (await call(manager, 'GET', '/api/auth/me')).body as unknown as { lastName: string };
    expect(second.body).toMatchObject({ note: 'Electrician booked', user: { lastName: managerMe.lastName } });
    const notes = incidentOf(await call(employee, 'GET', `/api/incident/${incidentId}`)).notes;
    expect(notes.map((n) => n.note)).toEqual(['Electrician booked', 'Reported to owner']);
    expect(notes[0]?.user?.lastName).toBe(managerMe.lastName);

    const blank = await call(employee, 'POST', '/api/incident/note', { incidentId, note: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.validationErrors).toEqual({ note: [messages.validation.noteRequired] });
    expect(blank.body.message).toBe(`note: ${messages.validation.noteRequired}`);
    const noIncident = await call(employee, 'POST', '/api/incident/note', { note: 'x' });
    expect(noIncident.status).toBe(400);
    expect(noIncident.body.validationErrors).toHaveProperty(['incidentId']);
    expect(
      (await call(employee, 'POST', '/api/incident/note', { incidentId, note: 'n'.repeat(2001) })).status,
    ).toBe(400);
    expect(
      (await call(employee, 'POST', '/api/incident/note', { incidentId: 999999, note: 'x' })).status,
    ).toBe(404);
    // Nothing refused was added.
    expect(incidentOf(await call(employee, 'GET', `/api/incident/${incidentId}`)).notes).toHaveLength(2);
  });

  it(`holds at most ${INCIDENT_NOTES_MAX} notes: of parallel notes for the last place one lands`, async () => {
    const nearlyFull = id(
      await call(employee, 'POST', '/api/incident', { locationId: sites.locationId, typeId: 3 }),
    );
    const createdAt = new Date().toISOString();
    await dataFromEnv()
      .entities.incident.patch({ incidentId: nearlyFull })
      .set({
        notes: Array.from({ length: INCIDENT_NOTES_MAX - 1 }, (_, k) => ({
          id: 730_000 + k,
          note: `Seeded ${k}`,
          userId: employee.id,
          createdAt,
        })),
      })
      .go();
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((note) =>
        call(employee, 'POST', '/api/incident/note', { incidentId: nearlyFull, note }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.message).toBe(`An incident holds at most ${INCIDENT_NOTES_MAX} notes`);
    }
    const notes = incidentOf(await call(employee, 'GET', `/api/incident/${nearlyFull}`)).notes;
    expect(notes).toHaveLength(INCIDENT_NOTES_MAX);
  });

  it('changes priority and texts', async () => {
    const updated = await call(employee, 'PUT', '/api/incident', {
      id: incidentId,
      typeId: 2,
      incidentTexts: ['Light out', 'Camera dark'],
    });
    expect(updated.status).toBe(200);
    expect(incidentOf(updated).typeId).toBe(2);
    expect(incidentOf(updated).incidentTexts.map((x) => x.incidentNoteText.text)).toEqual([
      'Light out',
      'Camera dark',
    ]);
    expect(incidentOf(updated).notes).toHaveLength(2); // notes untouched
    expect((await call(employee, 'PUT', '/api/incident', { id: incidentId, typeId: 7 })).status).toBe(400);
  });

  it('resolves with the time, unresolves clearing it, and moves between the open and resolved lists', async () => {
    const open = () =>
      call(employee, 'GET', `/api/incident/by-location/${sites.locationId}?unresolvedOnly=true`).then((r) =>
        idsOf(r.body.incidents),
      );
    expect(await open()).toContain(incidentId);
    // A time by the client's clock, after the incident was made.
    const { createdAt } = incidentOf(await call(employee, 'GET', `/api/incident/${incidentId}`));
    const resolvedAt = new Date(Date.parse(createdAt) + 1).toISOString();
    const resolved = incidentOf(
      await call(employee, 'PUT', `/api/incident/${incidentId}/resolve`, { resolved: true, resolvedAt }),
    );
    expect(resolved).toMatchObject({ resolved: true, resolvedAt });
    expect(await open()).not.toContain(incidentId);
    const all = await call(employee, 'GET', `/api/incident/by-location/${sites.locationId}`);
    expect(idsOf(all.body.incidents)).toContain(incidentId);

    const reopened = incidentOf(
      await call(employee, 'PUT', `/api/incident/${incidentId}/resolve`, {
        resolved: false,
        resolvedAt: null,
      }),
    );
    expect(reopened).toMatchObject({ resolved: false, resolvedAt: null });
    expect(await open()).toContain(incidentId);

    const future = new Date(Date.now() + 86_400_000).toISOString();
    const clamped = incidentOf(
      await call(employee, 'PUT', `/api/incident/${incidentId}/resolve`, {
        resolved: true,
        resolvedAt: future,
      }),
    );
    expect(Date.parse(clamped.resolvedAt ?? '')).toBeLessThanOrEqual(Date.now());
    const beforeCreation = incidentOf(
      await call(employee, 'PUT', `/api/incident/${incidentId}/resolve`, {
        resolved: true,
        resolvedAt: '2000-01-01T00:00:00.000Z',
      }),
    );
    expect(beforeCreation.resolvedAt).toBe(beforeCreation.createdAt);
    expect(
      (await call(employee, 'PUT', `/api/incident/${incidentId}/resolve`, { resolved: 'yes' })).status,
    ).toBe(400);
    const unresolved = incidentOf(
      await call(employee, 'PUT', `/api/incident/${incidentId}/resolve`, { resolved: false }),
    );
    expect(unresolved).toMatchObject({ resolved: false, resolvedAt: null });
    // Resolved without a time: now.
    const before = Date.now();
    const now = incidentOf(
      await call(employee, 'PUT', `/api/incident/${incidentId}/resolve`, { resolved: true }),
    );
    expect(now.resolved).toBe(true);
    expect(Date.parse(now.resolvedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(incidentOf(await call(manager, 'GET', `/api/incident/${incidentId}`))).toMatchObject({
      resolved: true,
      resolvedAt: now.resolvedAt,
    });
    await call(employee, 'PUT', `/api/incident/${incidentId}/resolve`, { resolved: false });
    expect((await call(employee, 'PUT', '/api/incident/999999/resolve', { resolved: true })).status).toBe(
      404,
    );
    const noId = await call(employee, 'PUT', '/api/incident/abc/resolve', { resolved: true });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toContain(messages.validation.noId);
  });

  it('refuses an update with nothing to change or bad ids', async () => {
    const nothing = await call(employee, 'PUT', '/api/incident', undefined);
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toContain(messages.validation.missingIncidentInfo);
    expect((await call(employee, 'PUT', '/api/incident', { typeId: 1 })).status).toBe(400);
    expect((await call(employee, 'PUT', '/api/incident', { id: 999999, typeId: 1 })).status).toBe(404);
    const blankText = await call(employee, 'PUT', '/api/incident', { id: incidentId, incidentTexts: [''] });
    expect(blankText.status).toBe(400);
    expect(blankText.body.validationErrors).toHaveProperty(['incidentTexts.0']);
    expect((await call(manager, 'DELETE', '/api/incident/abc')).status).toBe(400);
  });

  it('takes images by presigned upload and shows them with view URLs', async () => {
    const image = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(40, 2)]);
    const ticket = await call(employee, 'POST', `/api/incident/${incidentId}/image`, {
      contentType: 'image/png',
      contentLength: image.length,
    });
    expect(ticket.status).toBe(200);
    expect(String(ticket.body.key)).toMatch(
      new RegExp(`^tenants/${sites.companyId}/incident-photo/${incidentId}/`),
    );
    const put = await fetch(String(ticket.body.uploadUrl), {
      method: 'PUT',
      headers: ticket.body.headers as Record<string, string>,
      body: image,
    });
    expect(put.status).toBe(200);
    const images = incidentOf(await call(manager, 'GET', `/api/incident/${incidentId}`)).images;
    expect(images.map((i) => i.key)).toEqual([ticket.body.key]);
    expect(Buffer.from(await (await fetch(images[0]?.presignedUrl ?? '')).arrayBuffer())).toEqual(image);
    expect(
      (
        await call(employee, 'POST', `/api/incident/${incidentId}/image`, {
          contentType: 'image/gif',
          contentLength: 5,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(employee, 'POST', `/api/incident/${incidentId}/image`, {
          contentType: 'image/png',
          contentLength: 20_000_000,
        })
      ).status,
    ).toBe(400);
  });

  it('is deleted by managers and above, with its images', async () => {
    const doomed = id(
      await call(employee, 'POST', '/api/incident', { locationId: sites.locationId, typeId: 3 }),
    );
    expect((await call(employee, 'DELETE', `/api/incident/${doomed}`)).status).toBe(403);
    expect((await call(manager, 'DELETE', `/api/incident/${doomed}`)).body).toEqual({
      success: true,
      id: doomed,
    });
    expect((await call(manager, 'GET', `/api/incident/${doomed}`)).status).toBe(404);
    expect((await call(manager, 'DELETE', `/api/incident/${doomed}`)).status).toBe(404);
  });
});

describe("the walk recorder's incidents: idempotent under a client id", () => {
  const uuid = () => crypto.randomUUID();
  const totalAt = async (locationId: number) =>
    (await call(manager, 'GET', `/api/incident/some/by-location/${locationId}?limit=1`)).body.totalCount;

  it('makes one incident of a create retried or raced, answered as it was made', async () => {
    const walkReportId = await report(employee, sites.locationId, '2026-11-21T06:00:00.000Z');
    const before = (await totalAt(sites.locationId)) as number;
    const body = {
      locationId: sites.locationId,
      typeId: 1,
      notes: ['Gate forced'],
      walkReportId,
      clientId: uuid(),
    };
    const created = await call(employee, 'POST', '/api/incident', body);
    expect(created.status).toBe(201);
    expect(incidentOf(created)).toMatchObject({ walkReportId, typeId: 1 });
    // A retry, even with other figures, answers the first incident as it is.
    expect(await call(employee, 'POST', '/api/incident', body)).toEqual(created);
    expect(await call(employee, 'POST', '/api/incident', { ...body, typeId: 3, notes: [] })).toEqual(created);
    expect(await totalAt(sites.locationId)).toBe(before + 1);
    // Copies of a new create racing each other make one incident.
    const racing = { ...body, clientId: uuid() };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(employee, 'POST', '/api/incident', racing)),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map(id)).size).toBe(1);
    expect(await totalAt(sites.locationId)).toBe(before + 2);
    // Without a client id, each create is a new incident, as before.
    const plain = { locationId: sites.locationId, typeId: 3 };
    const [one, two] = [
      await call(employee, 'POST', '/api/incident', plain),
      await call(employee, 'POST', '/api/incident', plain),
    ];
    expect(id(one)).not.toBe(id(two));
    expect(await totalAt(sites.locationId)).toBe(before + 4);
  });

  it.each(['abc', '', 12, 'c0ffee00-0000-0000-0000-00000000000g'])(
    'refuses a client id of %j, and creates nothing',
    async (clientId) => {
      const before = await totalAt(sites.locationId);
      const bad = await call(employee, 'POST', '/api/incident', {
        locationId: sites.locationId,
        typeId: 2,
        clientId,
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.validationErrors as object)).toEqual(['clientId']);
      expect(await totalAt(sites.locationId)).toBe(before);
    },
  );

  it("refuses another user's client id with 409, and other tenants with 404", async () => {
    const before = (await totalAt(sites.locationId)) as number;
    const body = { locationId: sites.locationId, typeId: 2, clientId: uuid() };
    expect((await call(employee, 'POST', '/api/incident', body)).status).toBe(201);
    const reused = await call(manager, 'POST', '/api/incident', body);
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe('This client id is already used');
    expect((await call(managerB, 'POST', '/api/incident', { ...body, locationId: siteB })).status).toBe(409);
    expect(await totalAt(sites.locationId)).toBe(before + 1);
    // A user of another management company creates nothing at the location, client id or not.
    const intruder = { locationId: sites.locationId, typeId: 2, clientId: uuid() };
    expect((await call(managerB, 'POST', '/api/incident', intruder)).status).toBe(404);
    // ... and the id it tried stays free for its rightful use.
    expect((await call(employee, 'POST', '/api/incident', intruder)).status).toBe(201);
    expect(await totalAt(sites.locationId)).toBe(before + 2);
  });

  it('answers a late retry of a deleted incident with 404, never a new incident', async () => {
    const body = { locationId: sites.locationId, typeId: 3, clientId: uuid() };
    const created = id(await call(employee, 'POST', '/api/incident', body));
    expect((await call(manager, 'DELETE', `/api/incident/${created}`)).status).toBe(200);
    const before = (await totalAt(sites.locationId)) as number;
    expect((await call(employee, 'POST', '/api/incident', body)).status).toBe(404);
    expect(await totalAt(sites.locationId)).toBe(before);
    // The guard that says so expires in time (the table's TTL).
    const guard = await dataFromEnv().entities.incidentCreate.get({ clientId: body.clientId }).go();
    expect(guard.data?.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it('lets the employee who reported it add its photos, each once under a client id', async () => {
    const incidentId = id(
      await call(employee, 'POST', '/api/incident', {
        locationId: sites.locationId,
        typeId: 1,
        clientId: uuid(),
      }),
    );
    const path = `/api/incident/${incidentId}/image`;
    const request = { contentType: 'image/jpeg', contentLength: 64, clientId: uuid() };
    const ticket = await call(employee, 'POST', path, request);
    expect(ticket.status).toBe(200);
    const again = await call(employee, 'POST', path, { ...request, contentLength: 65 });
    expect(again.status).toBe(200);
    expect(again.body.key).toBe(ticket.body.key); // the same object, signed again
    expect((again.body.headers as Record<string, string>)['content-length']).toBe('65');
    // Racing copies of a new request: one key.
    const racing = { ...request, clientId: uuid() };
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(employee, 'POST', path, racing)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.key)).size).toBe(1);
    const keys = () =>
      call(manager, 'GET', `/api/incident/${incidentId}`).then((a) => incidentOf(a).images.map((i) => i.key));
    expect(await keys()).toEqual([ticket.body.key, answers[0]?.body.key]);
    // Someone else's client id is refused; a bad one is a 400 naming it; another tenant is kept out.
    expect((await call(manager, 'POST', path, request)).status).toBe(409);
    const bad = await call(employee, 'POST', path, { ...request, clientId: 'photo-1' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.validationErrors as object)).toEqual(['clientId']);
    expect((await call(managerB, 'POST', path, { ...request, clientId: uuid() })).status).toBe(404);
    expect((await call(managerB, 'POST', path, request)).status).toBe(404);
    expect(await keys()).toHaveLength(2);
  });

  it('counts a retried image once towards the cap, and a retry still answers when the incident is full', async () => {
    const incidentId = id(
      await call(employee, 'POST', '/api/incident', { locationId: sites.locationId, typeId: 2 }),
    );
    const path = `/api/incident/${incidentId}/image`;
    const post = (clientId?: string) =>
      call(employee, 'POST', path, { contentType: 'image/png', contentLength: 10, clientId });
    const first = uuid();
    expect((await post(first)).status).toBe(200);
    for (let n = 1; n < INCIDENT_IMAGES_MAX - 1; n++) expect((await post(uuid())).status).toBe(200);
    // One short of the cap: retrying the first takes no place.
    expect((await post(first)).status).toBe(200);
    expect((await post()).status).toBe(200); // the last place, without a client id
    const full = await post(uuid());
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(`An incident holds at most ${INCIDENT_IMAGES_MAX} images`);
    expect((await post(first)).status).toBe(200);
    const stored = incidentOf(await call(manager, 'GET', `/api/incident/${incidentId}`)).images;
    expect(stored).toHaveLength(INCIDENT_IMAGES_MAX);
  });
});

describe('lists of incidents', () => {
  let listSite: number;
  const made: number[] = [];
  beforeAll(async () => {
    listSite = await tenantA.addLocation('List site');
    for (const [typeId, text] of [
      [1, 'Water leak'],
      [2, 'Fence damage'],
      [3, 'Graffiti on wall'],
      [3, 'Water stain'],
      [2, 'Door jammed'],
    ] as const) {
      made.push(
        id(
          await call(admin, 'POST', '/api/incident', { locationId: listSite, typeId, incidentTexts: [text] }),
        ),
      );
    }
    await call(admin, 'PUT', `/api/incident/${made[1]}/resolve`, { resolved: true });
  });

  it.each(['limit=0', 'offset=-1', 'limit=abc'])('refuse ?%s, naming the parameter', async (query) => {
    const bad = await call(admin, 'GET', `/api/incident/some/by-location/${listSite}?${query}`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.validationErrors as object)).toEqual([query.split('=')[0]]);
  });

  it('page newest first with totals, unresolved count and page numbers', async () => {
    const page = await call(admin, 'GET', `/api/incident/some/by-location/${listSite}?limit=2&offset=2`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ totalCount: 5, unresolvedCount: 4, page: 2, limit: 2, totalPages: 3 });
    expect(idsOf(page.body.incidents)).toEqual([made[2], made[1]]);
    const search = await call(admin, 'GET', `/api/incident/some/by-location/${listSite}?searchTerm=water`);
    expect(search.body).toMatchObject({
      totalCount: 2,
      unresolvedCount: 2,
      page: 1,
      limit: 10,
      totalPages: 1,
    });
    expect(idsOf(search.body.incidents)).toEqual([made[3], made[0]]);
    const byPriority = await call(
      admin,
      'GET',
      `/api/incident/some/by-location/${listSite}?searchTerm=critical`,
    );
    expect(idsOf(byPriority.body.incidents)).toEqual([made[0]]);
    const none = await call(admin, 'GET', `/api/incident/some/by-location/${listSite}?searchTerm=zzz`);
    expect(none.body).toMatchObject({ incidents: [], totalCount: 0, totalPages: 0 });
    expect((await call(admin, 'GET', `/api/incident/some/by-location/${listSite}?limit=51`)).status).toBe(
      400,
    );
    const past = await call(admin, 'GET', `/api/incident/some/by-location/${listSite}?limit=2&offset=6`);
    expect(past.body).toMatchObject({
      incidents: [],
      totalCount: 5,
      unresolvedCount: 4,
      page: 4,
      totalPages: 3,
    });
    const first = await call(admin, 'GET', `/api/incident/some/by-location/${listSite}?limit=50`);
    expect(idsOf(first.body.incidents)).toEqual([...made].reverse());
  });

  it("list a location's incidents newest first, all of them or the unresolved only", async () => {
    const all = await call(admin, 'GET', `/api/incident/by-location/${listSite}`);
    expect(idsOf(all.body.incidents)).toEqual([...made].reverse());
    const allExplicit = await call(
      admin,
      'GET',
      `/api/incident/by-location/${listSite}?unresolvedOnly=false`,
    );
    expect(idsOf(allExplicit.body.incidents)).toEqual([...made].reverse());
    const open = await call(admin, 'GET', `/api/incident/by-location/${listSite}?unresolvedOnly=true`);
    expect(idsOf(open.body.incidents)).toEqual([...made].reverse().filter((i) => i !== made[1]));
    expect((open.body.incidents as IncidentBody[]).every((i) => !i.resolved && i.resolvedAt === null)).toBe(
      true,
    );
    const bad = await call(admin, 'GET', `/api/incident/by-location/${listSite}?unresolvedOnly=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors).toHaveProperty(['unresolvedOnly']);
    // The employee works at another location of the same company.
    expect((await call(employee, 'GET', `/api/incident/by-location/${listSite}`)).status).toBe(404);
    expect((await call(employee, 'GET', `/api/incident/some/by-location/${listSite}`)).status).toBe(404);
  });

  it('are asked for unresolved only on every list: the page, the search and the dashboard', async () => {
    const page = await call(admin, 'GET', `/api/incident/some/by-location/${listSite}?unresolvedOnly=true`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ totalCount: 4, unresolvedCount: 4 });
    expect(idsOf(page.body.incidents)).toEqual([...made].reverse().filter((i) => i !== made[1]));
    const searched = await call(
      admin,
      'GET',
      `/api/incident/some/by-location/${listSite}?searchTerm=fence&unresolvedOnly=true`,
    );
    expect(searched.body).toMatchObject({ incidents: [], totalCount: 0 });
    expect(
      idsOf(
        (await call(admin, 'GET', `/api/incident/some/by-location/${listSite}?searchTerm=fence`)).body
          .incidents,
      ),
    ).toEqual([made[1]]);
    expect(idsOf((await call(admin, 'GET', '/api/incident?searchTerm=fence+damage')).body.incidents)).toEqual(
      [made[1]],
    );
    expect(
      (await call(admin, 'GET', '/api/incident?searchTerm=fence+damage&unresolvedOnly=true')).body.incidents,
    ).toEqual([]);
    const cards = async (query: string) =>
      (
        (await call(admin, 'GET', `/api/incident/user-locations/${admin.id}?locationId=${listSite}${query}`))
          .body.locations as { incidents: IncidentBody[]; incidentCountsByType: Record<string, number> }[]
      )[0];
    expect(await cards('')).toMatchObject({ incidentCountsByType: { 1: 1, 2: 2, 3: 2 } });
    const openCard = await cards('&unresolvedOnly=true');
    expect(openCard?.incidentCountsByType).toEqual({ 1: 1, 2: 1, 3: 2 });
    expect(idsOf(openCard?.incidents)).not.toContain(made[1]);
    for (const path of [
      `/api/incident/some/by-location/${listSite}`,
      '/api/incident',
      `/api/incident/user-locations/${admin.id}`,
    ]) {
      const bad = await call(admin, 'GET', `${path}?unresolvedOnly=yes`);
      expect(bad.status, path).toBe(400);
      expect(bad.body.validationErrors, path).toHaveProperty(['unresolvedOnly']);
    }
  });

  it("search the caller's locations only", async () => {
    await call(managerB, 'POST', '/api/incident', {
      locationId: siteB,
      typeId: 1,
      incidentTexts: ['Water everywhere in B'],
    });
    const forAdmin = await call(admin, 'GET', '/api/incident?searchTerm=water');
    expect(idsOf(forAdmin.body.incidents).length).toBeGreaterThanOrEqual(3);
    const forB = (await call(managerB, 'GET', '/api/incident?searchTerm=water')).body
      .incidents as IncidentBody[];
    expect(forB.map((i) => i.locationId)).toEqual([siteB]);
    const forEmployee = (await call(employee, 'GET', '/api/incident')).body.incidents as IncidentBody[];
    expect(forEmployee.length).toBeGreaterThan(0);
    expect(new Set(forEmployee.map((i) => i.locationId))).toEqual(new Set([sites.locationId]));
    const dates = forEmployee.map((i) => i.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    // Every answer matches the term (case-insensitive), in a text, a note, the priority, the location or the id.
    const fire = await call(admin, 'GET', '/api/incident?searchTerm=GRAFFITI');
    expect(idsOf(fire.body.incidents)).toEqual([made[2]]);
    const byId = await call(admin, 'GET', `/api/incident?searchTerm=${made[4]}`);
    expect(idsOf(byId.body.incidents)).toContain(made[4]);
    expect((await call(admin, 'GET', '/api/incident?searchTerm=no-such-thing')).body).toEqual({
      incidents: [],
    });
    expect((await call(admin, 'GET', `/api/incident?searchTerm=${'x'.repeat(101)}`)).status).toBe(400);
  });
});

describe('the dashboard', () => {
  const to = '2026-11-21T12:00:00.000Z';
  const hoursBefore = (h: number) => new Date(Date.parse(to) - h * 3_600_000).toISOString();
  let dashSite: number;
  let walker: Person;

  beforeAll(async () => {
    dashSite = await tenantA.addLocation('Dashboard site');
    walker = await person(t.host.url, Role.Employee, {
      managementCompanyId: sites.companyId,
      locations: [
        { locationId: dashSite, organizationId: sites.organizationId, managementCompanyId: sites.companyId },
      ],
    });
    for (const hours of [1, 50, 80, 24 * 6, 24 * 8, -5]) await report(walker, dashSite, hoursBefore(hours));
    await call(walker, 'POST', '/api/incident', { locationId: dashSite, typeId: 1 });
    await call(walker, 'POST', '/api/incident', { locationId: dashSite, typeId: 3 });
  });

  const dashboard = (who: Person, userId: number, query = '') =>
    call(who, 'GET', `/api/incident/user-locations/${userId}?to=${to}${query}`);

  interface DashboardLocation {
    id: number;
    name: string;
    walkReportStats: { last72Hours: number; lastWeek: number };
    incidentCountsByType: Record<string, number>;
    incidents: IncidentBody[];
  }

  it("shows each of the user's locations with walk counts, incident counts and incidents", async () => {
    const answer = await call(walker, 'GET', `/api/incident/user-locations/${walker.id}`);
    expect(answer.status).toBe(200);
    const [card] = answer.body.locations as DashboardLocation[];
    expect((answer.body.locations as unknown[]).length).toBe(1);
    expect(card).toMatchObject({
      id: dashSite,
      name: 'Dashboard site',
      incidentCountsByType: { 1: 1, 2: 0, 3: 1 },
    });
    expect(card?.incidents).toHaveLength(2);

    const asOf = (await dashboard(walker, walker.id)).body.locations as DashboardLocation[];
    expect(asOf[0]?.walkReportStats).toEqual({ last72Hours: 2, lastWeek: 4, flagsLastWeek: 0 });
    expect(asOf[0]?.incidents).toEqual([]); // created after `to`
  });

  it('filters by incident type and location', async () => {
    const typed = (await call(walker, 'GET', `/api/incident/user-locations/${walker.id}?typeId=3`)).body
      .locations as DashboardLocation[];
    expect(typed[0]?.incidents.map((i) => i.typeId)).toEqual([3]);
    expect(typed[0]?.incidentCountsByType).toEqual({ 1: 1, 2: 0, 3: 1 });
    const managerView = await call(
      manager,
      'GET',
      `/api/incident/user-locations/${manager.id}?locationId=${sites.locationId}`,
    );
    expect((managerView.body.locations as DashboardLocation[]).map((l) => l.id)).toEqual([sites.locationId]);
    const all = await call(manager, 'GET', `/api/incident/user-locations/${manager.id}`);
    expect((all.body.locations as DashboardLocation[]).map((l) => l.name)).toEqual([
      'Location North',
      'South site',
    ]);
    expect(
      (await call(manager, 'GET', `/api/incident/user-locations/${manager.id}?locationId=${siteB}`)).status,
    ).toBe(404);
  });

  it('shows the incidents created between from and to', async () => {
    const hour = 3_600_000;
    const around = (fromOffset: number, toOffset: number) =>
      call(
        walker,
        'GET',
        `/api/incident/user-locations/${walker.id}?from=${new Date(Date.now() + fromOffset).toISOString()}&to=${new Date(Date.now() + toOffset).toISOString()}`,
      ).then((r) => (r.body.locations as DashboardLocation[])[0]);
    const inRange = await around(-hour, hour);
    expect(inRange?.incidents.map((i) => i.typeId).sort()).toEqual([1, 3]);
    expect(inRange?.incidentCountsByType).toEqual({ 1: 1, 2: 0, 3: 1 });
    const later = await around(hour / 2, hour);
    expect(later?.incidents).toEqual([]);
    expect(later?.incidentCountsByType).toEqual({ 1: 0, 2: 0, 3: 0 });
    const filtered = await call(
      walker,
      'GET',
      `/api/incident/user-locations/${walker.id}?typeId=1&locationId=${dashSite}`,
    );
    expect(
      (filtered.body.locations as DashboardLocation[]).map((l) => [l.id, l.incidents.map((i) => i.typeId)]),
    ).toEqual([[dashSite, [1]]]);
  });

  it("shows another user's dashboard only as far as the caller may see, and nobody's out of scope", async () => {
    // The manager works at North and South, the employee at North only.
    const ofEmployee = await call(manager, 'GET', `/api/incident/user-locations/${employee.id}`);
    expect(ofEmployee.status).toBe(200);
    expect((ofEmployee.body.locations as DashboardLocation[]).map((l) => l.id)).toEqual([sites.locationId]);
    const ofManager = await call(employee, 'GET', `/api/incident/user-locations/${manager.id}`);
    expect(ofManager.status).toBe(200);
    expect((ofManager.body.locations as DashboardLocation[]).map((l) => l.id)).toEqual([sites.locationId]);
    expect(
      (
        await call(
          employee,
          'GET',
          `/api/incident/user-locations/${manager.id}?locationId=${sites.otherLocationId}`,
        )
      ).status,
    ).toBe(404);
    // The walker shares no location with the employee.
    expect((await call(employee, 'GET', `/api/incident/user-locations/${walker.id}`)).status).toBe(404);
    expect((await call(employee, 'GET', '/api/incident/user-locations/999999')).status).toBe(404);
    expect((await call(employee, 'GET', '/api/incident/user-locations/abc')).status).toBe(400);
  });

  it('refuses bad filters, and other tenants', async () => {
    expect((await dashboard(walker, walker.id, `&from=2026-11-22T00:00:00Z`)).status).toBe(400);
    expect((await call(walker, 'GET', `/api/incident/user-locations/${walker.id}?typeId=9`)).status).toBe(
      400,
    );
    expect(
      (await call(walker, 'GET', `/api/incident/user-locations/${walker.id}?from=yesterday`)).status,
    ).toBe(400);
    expect((await call(managerB, 'GET', `/api/incident/user-locations/${walker.id}`)).status).toBe(404);
    expect((await call(walker, 'GET', `/api/incident/user-locations/${managerB.id}`)).status).toBe(404);
  });
});

describe("a location's incidents are read in bounded pages", () => {
  let site: number;
  const db = () => dataFromEnv().entities.incident;
  /** Incidents written straight to the table, created a minute apart (the first is the oldest). */
  const seed = async (
    count: number,
    firstId: number,
    extra: (n: number) => Record<string, unknown> = () => ({}),
  ) => {
    const ids = Array.from({ length: count }, (_, n) => firstId + n);
    await Promise.all(
      ids.map((incidentId, n) =>
        db()
          .create({
            incidentId,
            locationId: site,
            organizationId: sites.organizationId,
            managementCompanyId: sites.companyId,
            priority: 3,
            createdBy: admin.id,
            createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
            texts: [{ id: incidentId, text: `Seeded ${n}` }],
            ...extra(n),
          })
          .go(),
      ),
    );
    return ids;
  };
  /** Follows nextCursor from the first page to the last; answers each page. */
  const pages = async (query: string) => {
    const answers: { incidents: IncidentBody[]; nextCursor: string | null; bytes: number }[] = [];
    let cursor: string | null = null;
    do {
      const path = `/api/incident/by-location/${site}?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const answer = await call(admin, 'GET', path);
      expect(answer.status, path).toBe(200);
      const body = answer.body as unknown as { incidents: IncidentBody[]; nextCursor: string | null };
      answers.push({ ...body, bytes: Buffer.byteLength(JSON.stringify(body)) });
      cursor = body.nextCursor;
    } while (cursor !== null && answers.length < 50);
    return answers;
  };

  beforeAll(async () => {
    site = await tenantA.addLocation('Many incidents');
  });

  it(`answer at most ${INCIDENT_BY_LOCATION_LIMIT} at once, newest first, and the older ones by cursor`, async () => {
    const seeded = await seed(INCIDENT_BY_LOCATION_LIMIT + 5, 700_000);
    const newestFirst = [...seeded].reverse();
    const [first, second, ...rest] = await pages('');
    expect(rest).toEqual([]);
    expect(idsOf(first?.incidents)).toEqual(newestFirst.slice(0, INCIDENT_BY_LOCATION_LIMIT));
    expect(first?.nextCursor).toEqual(expect.any(String));
    expect(idsOf(second?.incidents)).toEqual(newestFirst.slice(INCIDENT_BY_LOCATION_LIMIT));
    expect(second?.nextCursor).toBeNull();
    // Smaller pages, all of them or the open ones only, meet end to end.
    const small = await pages('limit=7');
    expect(small.flatMap((p) => idsOf(p.incidents))).toEqual(newestFirst);
    expect(small.every((p) => p.incidents.length <= 7)).toBe(true);
    await call(admin, 'PUT', `/api/incident/${seeded[3]}/resolve`, { resolved: true });
    const open = await pages('limit=40&unresolvedOnly=true');
    expect(open.flatMap((p) => idsOf(p.incidents))).toEqual(newestFirst.filter((i) => i !== seeded[3]));
    expect(open.map((p) => p.incidents.length)).toEqual([40, 40, 24]);
  });

  it.each([
    `limit=${INCIDENT_BY_LOCATION_LIMIT + 1}`,
    'limit=0',
    'limit=abc',
    'cursor=nonsense',
    'cursor=2026-01-01T00:00:00.000Z_abc',
    'cursor=2026-01-01T00:00:00.000Z_0',
    `cursor=${'x'.repeat(101)}`,
  ])('refuse ?%s, naming the parameter', async (query) => {
    const bad = await call(admin, 'GET', `/api/incident/by-location/${site}?${query}`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.validationErrors as object)).toEqual([query.split('=')[0]]);
  });

  it('page through incidents created at the same instant, each once', async () => {
    site = await tenantA.addLocation('Same instant');
    // Ids 9, 10, 11, 99, 100: their order as text differs from their order as numbers.
    const seeded = [];
    for (const incidentId of [720_009, 720_010, 720_011, 720_099, 720_100]) {
      seeded.push(...(await seed(1, incidentId)));
    }
    const answers = await pages('limit=2');
    const listed = answers.flatMap((a) => idsOf(a.incidents));
    expect([...listed].sort()).toEqual([...seeded].sort());
    expect(answers.map((a) => a.incidents.length)).toEqual([2, 2, 1]);
  });

  it('stop short of the byte budget when incidents are large, and page on', async () => {
    const big = await tenantA.addLocation('Large incidents');
    site = big;
    const note = 'n'.repeat(2000);
    // 25 incidents of 100 notes of 2,000 characters: some 5 MB in all, more than one answer may carry.
    const seeded = await seed(25, 710_000, (n) => ({
      notes: Array.from({ length: INCIDENT_NOTES_MAX }, (_, k) => ({
        id: 710_000 + n * 1000 + k,
        note,
        userId: admin.id,
        createdAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
      })),
    }));
    const answers = await pages('');
    expect(answers.length).toBeGreaterThan(1);
    expect(answers.every((a) => a.bytes <= INCIDENT_ANSWER_BYTES_MAX)).toBe(true);
    expect(answers.flatMap((a) => idsOf(a.incidents))).toEqual([...seeded].reverse());
  });
});
