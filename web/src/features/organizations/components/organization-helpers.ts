import type { PlacementOf } from '@sitewalk/shared/policy';
import type { Organization } from '@sitewalk/shared/schemas/organization';

/** An area as the shared policy places it. */
export const organizationPlacement = (
  organization: Pick<Organization, 'id' | 'managementCompanyId'>,
): PlacementOf<'organization'> => ({
  kind: 'organization',
  id: organization.id,
  managementCompanyId: organization.managementCompanyId,
});
