/**
 * Where the user opened an incident from (field-operations "Incidents table"): the rows of the dashboard and
 * of the incident tables pass it as navigation state; the incident detail's back button reads it.
 */
export interface IncidentOrigin {
  /** The path (with hash) to go back to, e.g. `/app/locations/4#incidents`, `/app/incidents` or `/app`. */
  from: string;
}

export const incidentOriginState = (from: string): IncidentOrigin => ({ from });

/** The origin in a navigation state, if it holds one that stays inside the app. */
export const readIncidentOrigin = (state: unknown): IncidentOrigin | null => {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  return typeof from === 'string' && from.startsWith('/app') ? { from } : null;
};
