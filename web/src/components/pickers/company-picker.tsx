import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { managementCompanyRoutes } from '@sitewalk/shared/contract/managementCompany';
import { PICKER_MATCHES } from '@sitewalk/shared/constants';
import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';
import {
  managementCompaniesOfUserQueryOptions,
  managementCompaniesPageQueryOptions,
  managementCompanyQueryOptions,
} from '../../api/management-companies.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import {
  SearchPicker,
  type KindPickerProps,
  type PickerOption,
  type SingleValueProps,
} from './search-picker.tsx';

const companyOption = (company: ManagementCompany): PickerOption => ({
  id: company.id,
  label: company.name,
  managementCompanyId: company.id,
});

/** The first PICKER_MATCHES companies whose name holds the term, and how many hold it. */
export interface CompanyMatches {
  options: PickerOption[];
  totalCount: number;
}

const holds = (term: string) => (company: ManagementCompany) =>
  company.name.toLowerCase().includes(term.toLowerCase());

/**
 * The companies the signed-in user may choose whose name holds `term`. The company list's route
 * (`managementCompany.some`, which pages and searches on the server) answers Owners and above only, as the
 * spec's list does; below them a user sees their own company alone, which `managementCompany.allByUser`
 * answers (filtered here: one or two names).
 */
const useCompanies = <T,>(
  term: string,
  enabled: boolean,
  select: (matches: CompanyMatches) => T,
): UseQueryResult<T> => {
  const { actor } = useAuthorization();
  const searchesServer = actor.roleId >= managementCompanyRoutes['managementCompany.some'].access;
  const page = useQuery({
    ...managementCompaniesPageQueryOptions({
      limit: PICKER_MATCHES,
      offset: 0,
      ...(term ? { searchTerm: term } : {}),
    }),
    select: ({ managementCompanies, totalCount }) =>
      select({ options: managementCompanies.map(companyOption), totalCount }),
    enabled: enabled && searchesServer,
  });
  const own = useQuery({
    ...managementCompaniesOfUserQueryOptions(actor.userId),
    select: ({ companies }) => {
      const found = companies.filter(holds(term));
      return select({ options: found.slice(0, PICKER_MATCHES).map(companyOption), totalCount: found.length });
    },
    enabled: enabled && !searchesServer,
  });
  return searchesServer ? page : own;
};

/**
 * The picker's first matches (what it shows when opened): whether there is a company to choose at all, and
 * which when there is one. The picker then finds them in the cache.
 */
export const useFirstCompanies = (enabled = true) => useCompanies('', enabled, (matches) => matches);

const useCompanyMatches = (term: string, enabled: boolean) =>
  useCompanies(term, enabled, (matches) => matches.options);

/** A company's name, read by id (a chosen one whose name is not at hand). */
const useChosenCompany = (id: number, enabled: boolean) =>
  useQuery({ ...managementCompanyQueryOptions(id), select: companyOption, enabled });

/**
 * A searchable picker of one management company the signed-in user may see: the server searches what is
 * typed (the user forms' Management Company, with 50 companies on a stage).
 */
export const CompanyPicker = ({
  label = 'Management Company',
  ...props
}: Extract<KindPickerProps, SingleValueProps>) => (
  <SearchPicker
    {...props}
    label={label}
    noMatchText="No management company matches"
    errorText="The management companies could not be searched."
    useMatches={useCompanyMatches}
    useChosen={useChosenCompany}
  />
);
