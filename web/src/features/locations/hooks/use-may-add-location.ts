import { can, type Actor } from '@sitewalk/shared/policy';
import type { Organization } from '@sitewalk/shared/schemas/organization';
import { useAuthorization } from '../../../lib/authorization.ts';

type Area = Pick<Organization, 'id' | 'managementCompanyId'>;

const mayCreateIn = (actor: Actor, organization: Area) =>
  can(actor, 'create', {
    kind: 'location',
    id: 0,
    locationId: 0,
    organizationId: organization.id,
    managementCompanyId: organization.managementCompanyId,
  });

/**
 * Whether the shared policy lets the signed-in user create a location in an area (its id and company): the
 * Add form's area picker lists the others disabled.
 */
export const useMayCreateLocationIn = (): ((organization: Area) => boolean) => {
  const { actor } = useAuthorization();
  return (organization) => mayCreateIn(actor, organization);
};

/**
 * Whether the list offers 'Add Location': the user's own company and areas stand in for the areas, which
 * the list does not load (Area Managers and above; the server decides again).
 */
export const useMayAddLocation = () => {
  const { actor } = useAuthorization();
  const companies = actor.managementCompanyIds.length ? actor.managementCompanyIds : [0];
  const organizationIds = actor.organizationIds.length ? actor.organizationIds : [0];
  return companies.some((managementCompanyId) =>
    organizationIds.some((id) => mayCreateIn(actor, { id, managementCompanyId })),
  );
};
