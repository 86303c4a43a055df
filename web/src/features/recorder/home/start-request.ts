/**
 * What the home's Start button hands the recorder (as router state, so a bookmark or a shared link never
 * starts a walk): the walk to start at once, when no walk is in progress on this device.
 */
export interface StartRequest {
  locationId: number;
  walkId: number;
}

/** The start request in a router location's state, or null for anything else. */
export const startRequestOf = (state: unknown): StartRequest | null => {
  if (typeof state !== 'object' || state === null || !('startWalk' in state)) return null;
  const request = (state as { startWalk: unknown }).startWalk;
  if (typeof request !== 'object' || request === null) return null;
  const { locationId, walkId } = request as Record<string, unknown>;
  return Number.isInteger(locationId) && Number.isInteger(walkId)
    ? { locationId: locationId as number, walkId: walkId as number }
    : null;
};

/** The router state that asks the recorder to start this walk. */
export const startState = (request: StartRequest) => ({ startWalk: request });
