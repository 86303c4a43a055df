import { describe, expect, it } from 'vitest';
import { runtimeConfig } from './runtime-config.ts';

const local = {
  apiBasePath: '/api',
  region: 'local',
  mapStyleUrl: 'http://localhost:3000/map/style.json',
  contactEmail: 'hello@sitewalk.test',
  contactName: 'Pat Example',
};
const imageryStyleUrls = {
  satellite: 'https://maps.geo.us-east-1.amazonaws.com/v2/styles/Satellite/descriptor?key=k',
  hybrid: 'https://maps.geo.us-east-1.amazonaws.com/v2/styles/Hybrid/descriptor?key=k',
};

describe('the runtime configuration’s imagery styles', () => {
  it('are absent locally and both there in AWS', () => {
    expect(runtimeConfig.safeParse(local).success).toBe(true);
    expect(runtimeConfig.parse({ ...local, imageryStyleUrls }).imageryStyleUrls).toEqual(imageryStyleUrls);
  });

  it.each([
    ['one style missing', { satellite: imageryStyleUrls.satellite }],
    ['not a URL', { ...imageryStyleUrls, hybrid: 'Hybrid' }],
    ['not an object', 'https://maps.geo.us-east-1.amazonaws.com/v2/styles/Hybrid/descriptor'],
    ['null', null],
  ])('are refused when %s', (_case, value) => {
    expect(runtimeConfig.safeParse({ ...local, imageryStyleUrls: value }).success).toBe(false);
  });
});
