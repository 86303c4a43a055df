import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';
import { api } from '../../../lib/api.ts';
import { invalidateRoute } from '../../../lib/query.ts';
import { fileNameOf, uploadImage } from '../../../lib/upload.ts';

/** The form's values as the create body takes them: a blank phone or website is none. */
export interface CompanyValues {
  name: string;
  email: string;
  phone?: string;
  website?: string;
}

export interface SaveCompanyInput {
  /** The company edited; absent for a new one. */
  id?: number;
  values: CompanyValues;
  /** A new logo, sent after the company is saved. */
  logo: File | null;
  onProgress?: (percent: number) => void;
}

/** The company was saved but its logo was not: the caller says so and keeps the saved company. */
export class LogoUploadError extends Error {
  override name = 'LogoUploadError';
  constructor(
    readonly company: ManagementCompany,
    readonly reason: unknown,
  ) {
    super(
      `The company was saved, but its logo could not be uploaded: ${reason instanceof Error ? reason.message : 'unknown error'}`,
    );
  }
}

/**
 * Creates or updates a company, then uploads its logo straight to the storage (lib/upload.ts). On update
 * a blank phone or website is sent as null, which clears it.
 */
export const saveManagementCompany = async ({
  id,
  values,
  logo,
  onProgress,
}: SaveCompanyInput): Promise<ManagementCompany> => {
  const company =
    id === undefined
      ? await api('managementCompany.create', { body: values })
      : await api('managementCompany.update', {
          body: {
            id,
            name: values.name,
            email: values.email,
            phone: values.phone ?? null,
            website: values.website ?? null,
          },
        });
  if (!logo) return company;
  try {
    await uploadImage(
      'managementCompany.logoUpload',
      { params: { id: company.id, name: fileNameOf(company.name) } },
      logo,
      onProgress,
    );
  } catch (error) {
    throw new LogoUploadError(company, error);
  }
  return { ...company, hasLogo: true };
};

export const useSaveManagementCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveManagementCompany,
    // A logo that failed still leaves a saved company (and maybe a ticket): refresh either way.
    onSettled: () =>
      Promise.all(
        (
          [
            'managementCompany.some',
            'managementCompany.get',
            'managementCompany.logo',
            'managementCompany.allByUser',
          ] as const
        ).map((name) => invalidateRoute(queryClient, name)),
      ),
  });
};

/** The company's roles that must use two-step verification (only this field is sent). */
export const useSaveMfaRoles = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mfaRequiredRoles: number[]) =>
      api('managementCompany.update', { body: { id, mfaRequiredRoles } }),
    onSuccess: () => invalidateRoute(queryClient, 'managementCompany.get'),
  });
};
