import type { PlacementOf } from '@sitewalk/shared/policy';
import type { Organization } from '@sitewalk/shared/schemas/organization';

/** A route's `:id`: a positive whole number, or null. */
export const parseRouteId = (value: string | undefined) =>
  value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;

/** An area as the shared policy places it. */
export const areaPlacement = (
  area: Pick<Organization, 'id' | 'managementCompanyId'>,
): PlacementOf<'organization'> => ({
  kind: 'organization',
  id: area.id,
  managementCompanyId: area.managementCompanyId,
});
