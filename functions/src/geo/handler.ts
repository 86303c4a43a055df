import { messages } from '@sitewalk/shared/messages';
import { dataFromEnv, geocoderFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { geoRoutes } from '@sitewalk/shared/contract/geo';
import { NotFoundError } from '../domain/errors.ts';

const db = dataFromEnv();
const geocoder = geocoderFromEnv();

export const implementations: Implementations<'geo'> = {
  'geo.geocode': async ({ query }) => {
    const found = await geocoder.geocode(query.address);
    // The spec's client shows this message with the reason appended.
    if (!found) throw new NotFoundError(`${messages.geocode.failed}ZERO_RESULTS`);
    return found;
  },
};

export const handler = createResourceHandler('geo', geoRoutes, implementations, withActors(db));
