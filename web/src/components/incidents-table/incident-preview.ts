import { INCIDENT_PREVIEW_LENGTH, priorityName } from '@sitewalk/shared/constants';
import type { Incident } from '@sitewalk/shared/schemas/incident';

/** Text longer than 25 characters is cut there and followed by '...'. */
export const cutPreview = (text: string) =>
  text.length > INCIDENT_PREVIEW_LENGTH ? `${text.slice(0, INCIDENT_PREVIEW_LENGTH)}...` : text;

/** An incident's preview: its types, else its first note, else its priority. */
export const incidentPreview = (incident: Pick<Incident, 'incidentTexts' | 'notes' | 'typeId'>) => {
  const text =
    incident.incidentTexts.map((t) => t.incidentNoteText.text).join(', ') || incident.notes[0]?.note;
  return text ? cutPreview(text) : `${priorityName(incident.typeId)} incident`;
};

/** The name of the incident's location, as the API gives it. */
export const incidentLocationName = (incident: Pick<Incident, 'location' | 'walk'>) =>
  incident.location?.name ?? incident.walk?.location.name ?? 'Unknown';
