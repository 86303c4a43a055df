/**
 * Each action of the walker as the session it leaves and the outbox writes it adds (store.record takes
 * both in one transaction). Pure: the clock and the ids come in, so tests can fix them; the ids are
 * `crypto.randomUUID()` unless told, and they are what makes a retried write land once.
 */
import { distanceMeters, type ArrivalMethod, type Fix } from '@sitewalk/shared/arrival';
import type { ImageContentType } from '@sitewalk/shared/constants';
import type { Marker, Walk } from '@sitewalk/shared/schemas/walk';
import type { Arrival, OutboxWrite, RecordedPhoto, RecordingSession } from '../store/types.ts';

export interface Recorded {
  session: RecordingSession;
  writes: OutboxWrite[];
}

export type NewId = () => string;
const uuid: NewId = () => crypto.randomUUID();

export interface StartInput {
  userId: number;
  location: { id: number; name: string };
  walk: Walk;
  now: string;
}

/** A new walk: the session (named by the start's client id) and its 'start' write. */
export const startSession = ({ userId, location, walk, now }: StartInput, newId: NewId = uuid): Recorded => {
  const key = newId();
  const session: RecordingSession = {
    key,
    userId,
    locationId: location.id,
    locationName: location.name,
    walk,
    startedAt: now,
    walkReportId: null,
    arrivals: [],
    notes: [],
    photos: [],
    incidents: [],
    finishedAt: null,
  };
  return { session, writes: [{ session: key, kind: 'start', walkId: walk.id, startedAt: now }] };
};

export interface ArrivalInput {
  marker: Marker;
  /** The phone's fix; with none yet, the marker's own point with accuracy 0 (distance 0 from it). */
  fix: Fix | null;
  method: ArrivalMethod;
  now: string;
  /** Door markers: the unit asked for and the unit seen. */
  targetUnit?: string | null;
  picturedUnit?: string;
}

/** The arrival an action records (not yet in a session). */
export const arrivalOf = (
  { marker, fix, method, now, targetUnit, picturedUnit }: ArrivalInput,
  newId: NewId = uuid,
): Arrival => {
  const at = fix ?? { lat: marker.lat, lng: marker.lng, accuracy: 0 };
  return {
    clientId: newId(),
    markerId: marker.id,
    arrivedAt: now,
    lat: at.lat,
    lng: at.lng,
    accuracy: at.accuracy,
    method,
    distance: fix ? distanceMeters(fix, marker) : 0,
    ...(marker.isDoor ? { targetUnit: targetUnit ?? '', picturedUnit: picturedUnit?.trim() ?? '' } : {}),
  };
};

/** An arrival at a marker: the session with it, and its 'checkpoint' write. */
export const recordArrival = (session: RecordingSession, arrival: Arrival, isDoor: boolean): Recorded => ({
  session: { ...session, arrivals: [...session.arrivals, arrival] },
  writes: [{ session: session.key, kind: 'checkpoint', arrival, isDoor }],
});

/** A note at a marker (the text trimmed; the dialog refuses an empty one). */
export const recordNote = (
  session: RecordingSession,
  markerId: number,
  text: string,
  now: string,
  newId: NewId = uuid,
): Recorded => {
  const note = { clientId: newId(), markerId, note: text.trim(), at: now };
  return {
    session: { ...session, notes: [...session.notes, note] },
    writes: [{ session: session.key, kind: 'note', note }],
  };
};

export interface PhotoInput {
  markerId: number;
  blob: Blob;
  contentType: ImageContentType;
  fix: Fix | null;
  now: string;
  door: boolean;
}

/** A photo at a marker, with when it was taken and where the phone was (when it knew). */
export const recordPhoto = (
  session: RecordingSession,
  { markerId, blob, contentType, fix, now, door }: PhotoInput,
  newId: NewId = uuid,
): Recorded => {
  const photo: RecordedPhoto = {
    clientId: newId(),
    markerId,
    takenAt: now,
    ...(fix ? { lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy } : {}),
    door,
  };
  return {
    session: { ...session, photos: [...session.photos, photo] },
    writes: [{ session: session.key, kind: 'photo', photo, blob, contentType }],
  };
};

/** A door check saved: the arrival (with the units) and the door photo, one after the other. */
export const recordDoorCheck = (
  session: RecordingSession,
  arrival: Arrival,
  photo: Omit<PhotoInput, 'markerId' | 'door'>,
  newId: NewId = uuid,
): Recorded => {
  const arrived = recordArrival(session, arrival, true);
  const pictured = recordPhoto(arrived.session, { ...photo, markerId: arrival.markerId, door: true }, newId);
  return { session: pictured.session, writes: [...arrived.writes, ...pictured.writes] };
};

export interface IncidentInput {
  typeId: 1 | 2 | 3;
  note: string;
  photos: { blob: Blob; contentType: ImageContentType }[];
  now: string;
}

/** An incident reported during the walk, at the walk's location (the outbox links it to the report). */
export const recordIncident = (
  session: RecordingSession,
  { typeId, note, photos, now }: IncidentInput,
  newId: NewId = uuid,
): Recorded => {
  const clientId = newId();
  const text = note.trim();
  return {
    session: {
      ...session,
      incidents: [...session.incidents, { clientId, typeId, note: text, photoCount: photos.length, at: now }],
    },
    writes: [
      {
        session: session.key,
        kind: 'incident',
        clientId,
        locationId: session.locationId,
        typeId,
        note: text,
        photos: photos.map(({ blob, contentType }) => ({ clientId: newId(), blob, contentType })),
      },
    ],
  };
};

/** The walk finished on this device: the session closed and its 'finish' write. */
export const finishSession = (session: RecordingSession, now: string): Recorded => ({
  session: { ...session, finishedAt: now },
  writes: [{ session: session.key, kind: 'finish', finishedAt: now }],
});
