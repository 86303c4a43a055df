import { defineRoute } from './route.ts';
import { Role } from '../roles.ts';
import { geocodeQuery, geocodeResult } from '../schemas/location.ts';

export const geoRoutes = {
  'geo.geocode': defineRoute({
    method: 'GET',
    path: '/api/geo/geocode',
    resource: 'geo',
    access: Role.AreaManager,
    source: 'added',
    summary: 'An address to latitude and longitude (Amazon Location in AWS; ZIP-code centres locally)',
    query: geocodeQuery,
    response: geocodeResult,
  }),
};
