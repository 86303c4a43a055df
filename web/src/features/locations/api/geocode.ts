import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** An address to a point (`GET /api/geo/geocode`): Amazon Location in AWS, a ZIP code's centre locally. */
export const geocode = (address: string) => api('geo.geocode', { query: { address } });

export const useGeocode = () => useMutation({ mutationFn: geocode });
