import { vi } from 'vitest';
import { createFakeFetch, type FakeHandlers } from '../../../testing/fake-api.ts';
import { errorResponse } from '../../../testing/test-utils.tsx';
import { aCompany, anOrganization, aLocation } from '../../../testing/fixtures.ts';
import {
  areaSearchHandlers,
  companySearchHandlers,
  locationSearchHandlers,
} from '../../../testing/location-search.ts';

/**
 * The places every form test offers: one company with two areas and two locations (searched on the server,
 * and read by id, as the Management Company, Areas and Locations pickers ask).
 */
export const placeHandlers = (
  companies = [aCompany({ id: 1, name: 'Acme Storage' })],
  organizations = [anOrganization({ id: 11, name: 'North' }), anOrganization({ id: 12, name: 'South' })],
  locations = [
    aLocation({ id: 21, name: 'Harbor', organizationId: 11, organizationName: 'North' }),
    aLocation({ id: 22, name: 'Hilltop', organizationId: 12, organizationName: 'South' }),
  ],
): FakeHandlers => ({
  ...companySearchHandlers(companies),
  ...areaSearchHandlers(organizations),
  ...locationSearchHandlers(locations),
});

/**
 * The contract's fake API, where `refuse` answers a route with the full error envelope (validationErrors
 * included, which `fakeError` leaves out).
 */
export const stubApi = (
  handlers: FakeHandlers,
  refuse: Record<
    string,
    { status: number; error: string; message: string; validationErrors?: Record<string, string[] | number> }
  > = {},
) => {
  const fake = createFakeFetch(handlers);
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const answer = refuse[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (answer) {
      await fake.fetch(input, init); // recorded like any other call
      return errorResponse(
        answer.status,
        answer.error,
        answer.message,
        {},
        (answer.validationErrors ?? null) as Record<string, string[]> | null,
      );
    }
    return fake.fetch(input, init);
  };
  vi.stubGlobal('fetch', fetch);
  return fake;
};
