import { can } from '@sitewalk/shared/policy';
import { useAuthorization } from '../../../lib/authorization.ts';

/**
 * Whether the shared policy lets the signed-in user create an area in their own company, or anywhere
 * when they act over every company (Add Area needs Company Manager or above).
 */
export const useMayAddOrganization = (companyIds?: readonly number[]) => {
  const { actor } = useAuthorization();
  const ids = companyIds?.length
    ? companyIds
    : actor.managementCompanyIds.length
      ? actor.managementCompanyIds
      : [0];
  return ids.some((managementCompanyId) =>
    can(actor, 'create', { kind: 'organization', id: 0, managementCompanyId }),
  );
};
