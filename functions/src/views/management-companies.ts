import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';
import type { ManagementCompanyItem } from '../db/entities/managementCompany.ts';
import { stageMfaRoles } from '../domain/mfa.ts';

/** A management company as the API answers it. */
export const toManagementCompany = (item: ManagementCompanyItem): ManagementCompany => ({
  id: item.managementCompanyId,
  name: item.name,
  email: item.email,
  phone: item.phone ?? null,
  website: item.website ?? null,
  hasLogo: item.logoKey !== undefined,
  createdAt: item.createdAt,
  mfaRequiredRoles: item.mfaRequiredRoles ?? [],
  mfaRequiredByStage: [...stageMfaRoles()],
});

/** A company's id and name, as the name routes answer it. */
export const toManagementCompanyName = (
  item: Pick<ManagementCompanyItem, 'managementCompanyId' | 'name'>,
) => ({
  id: item.managementCompanyId,
  name: item.name,
});
