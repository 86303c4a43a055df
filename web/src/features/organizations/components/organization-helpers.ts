import type { PlacementOf } from '@sitewalk/shared/policy';
import type { Organization } from '@sitewalk/shared/schemas/organization';

/** An area as the shared policy places it. */
export const organizationPlacement = (
  area: Pick<Organization, 'id' | 'managementCompanyId'>,
): PlacementOf<'organization'> => ({
  kind: 'organization',
  id: area.id,
  managementCompanyId: area.managementCompanyId,
});
