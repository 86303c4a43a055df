import { describe, expect, it } from 'vitest';
import { routes, type RouteName } from './index.ts';
import { buildPath, routeKey, type RouteDef } from './route.ts';

/**
 * Every call the two specs list, as written there, and the contract route that serves
 * it. Where a spec path has a parameter inside a segment, the contract's path differs (API Gateway's rule).
 */
const specCalls: [spec: string, name: RouteName, path?: string][] = [
  // access-and-administration.md, Auth
  ['POST /auth/login', 'auth.login'],
  ['GET /authenticate', 'auth.authenticate'],
  ['GET /auth/me', 'auth.me'],
  ['POST /auth/forgot-password', 'auth.forgotPassword'],
  ['POST /auth/reset-password', 'auth.resetPassword'],
  ['GET /users/{id}/password-reset-required', 'auth.passwordResetRequired'],
  // Management company
  ['POST /managementCompany', 'managementCompany.create'],
  ['PUT /managementCompany', 'managementCompany.update'],
  ['GET /managementCompany/update/logo/{id}/{name}', 'managementCompany.logoUpload'],
  ['GET /managementCompany/logo/{id}/{name}', 'managementCompany.logo'],
  ['GET /managementCompany/{id}', 'managementCompany.get'],
  ['GET /managementCompany/by-location/{locationId}', 'managementCompany.getByLocation'],
  ['GET /managementCompany/by-user/{userId}', 'managementCompany.allByUser'],
  ['GET /managementCompany/some', 'managementCompany.some'],
  ['DELETE /managementCompany/{id}', 'managementCompany.delete'],
  // Organization
  ['POST /organization', 'organization.create'],
  ['PUT /organization', 'organization.update'],
  ['GET /organization/update/logo/{id}/{name}', 'organization.logoUpload'],
  ['GET /organization/logo/{id}/{name}', 'organization.logo'],
  ['GET /organization/{id}', 'organization.get'],
  ['GET /organization/managementCompany-name/{id}', 'organization.managementCompanyName'],
  ['GET /organization/organizations/{userId}', 'organization.allByUser'],
  ['GET /organization/all/by-management-company/{id}', 'organization.allByManagementCompany'],
  ['GET /organization/some/by-user/{userId}', 'organization.someByUser'],
  ['DELETE /organization/{id}', 'organization.delete'],
  // User
  ['POST /user/admin', 'user.createAdmin'],
  ['POST /user/owner', 'user.createOwner'],
  ['POST /user/company-manager', 'user.createCompanyManager'],
  ['POST /user/area-manager', 'user.createAreaManager'],
  ['POST /user/manager', 'user.createManager'],
  ['POST /user/assistant-manager', 'user.createAssistantManager'],
  [
    'GET /user/update/profile-image/{userId}/{first}-{last}',
    'user.profilePictureUpload',
    '/api/user/update/profile-image/{userId}/{name}',
  ],
  [
    'GET /user/profile-image/{id}/{first}-{last}',
    'user.profilePicture',
    '/api/user/profile-image/{userId}/{name}',
  ],
  ['GET /user/{id}', 'user.get'],
  ['DELETE /user/{id}', 'user.delete'],
  ['GET /user/all/by-user/{id}', 'user.allByUser'],
  ['GET /user/all/by-location/{id}', 'user.allByLocation'],
  ['GET /user/all/by-organization/{id}', 'user.allByOrganization'],
  ['GET /user/some/by-user/{id}', 'user.someByUser'],
  ['GET /user/some/by-location/{id}', 'user.someByLocation'],
  ['GET /user/some/by-organization/{id}', 'user.someByOrganization'],
  ['POST /user/create/table-order', 'user.createTableOrder'],
  ['PUT /user/update/table-order/{orderId}', 'user.updateTableOrder'],
  ['PUT /user/update/user/{id}', 'user.update'],
  ['PUT /user/update/company-email', 'user.companyEmail'],
  ['POST /user/add-to-location', 'user.addToLocation'],
  ['DELETE /user/remove-from-location/{userId}/{locationId}', 'user.removeFromLocation'],
  ['POST /user/add-to-organization', 'user.addToOrganization'],
  ['DELETE /user/remove-from-organization/{userId}/{organizationId}', 'user.removeFromOrganization'],
  // field-operations.md, Walk
  ['POST /walk', 'walk.create'],
  ['GET /walk/{id}', 'walk.get'],
  ['GET /walk/walk-report/{walkReportId}', 'walkReport.get'],
  ['GET /walk/all/{locationId}', 'walk.allByLocation'],
  ['GET /walk/some/by-location/{locationId}', 'walkReport.someByLocation'],
  [
    'GET /walk/photo/{a}/{b}/{c}',
    'walkReport.photo',
    '/api/walk/photo/{walkReportId}/{markerId}/{imageName}',
  ],
  ['PUT /walk', 'walk.update'],
  ['DELETE /walk/{id}', 'walk.delete'],
  // Location
  ['POST /location', 'location.create'],
  ['GET /location/{id}', 'location.get'],
  ['GET /location/organization-name/{id}', 'location.organizationName'],
  ['GET /location/management-company-name/{id}', 'location.managementCompanyName'],
  ['GET /location/all/by-user/{id}', 'location.allByUser'],
  ['GET /location/some/by-user/{id}', 'location.someByUser'],
  ['GET /location/all/by-organization/{id}', 'location.allByOrganization'],
  ['GET /location/some/by-organization/{id}', 'location.someByOrganization'],
  ['PUT /location', 'location.update'],
  ['DELETE /location/{id}', 'location.delete'],
  // Incident
  ['POST /incident', 'incident.create'],
  ['GET /incident/{id}', 'incident.get'],
  ['GET /incident/by-location/{locationId}', 'incident.allByLocation'],
  ['GET /incident/some/by-location/{id}', 'incident.someByLocation'],
  ['PUT /incident', 'incident.update'],
  ['DELETE /incident/{id}', 'incident.delete'],
  ['POST /incident/note', 'incident.addNote'],
  ['GET /incident', 'incident.search'],
  ['PUT /incident/{id}/resolve', 'incident.resolve'],
  ['GET /incident/user-locations/{userId}', 'incident.dashboard'],
];

const all = Object.entries(routes) as [RouteName, RouteDef][];

describe('the API contract', () => {
  it.each(specCalls)('serves the spec call %s as %s', (call, name, path) => {
    const [method, specPath] = call.split(' ') as [string, string];
    const route: RouteDef = routes[name];
    expect(route.method).toBe(method);
    expect(route.path).toBe(path ?? `/api${specPath}`);
  });

  it('lists each spec call once and no spec call twice', () => {
    expect(new Set(specCalls.map(([, name]) => name)).size).toBe(specCalls.length);
  });

  it('marks every route not from a spec as added, and every spec route as from its spec', () => {
    const fromSpecs = new Set<string>(specCalls.map(([, name]) => name));
    for (const [name, route] of all) {
      if (name === 'user.createEmployee') continue; // the spec names the role but not its call
      expect(route.source === 'added', name).toBe(!fromSpecs.has(name));
    }
  });

  // docs/glossary.md, 'Route names': `<resource>.<verb>` for one object or an action, `.all[By<Scope>]` for a
  // whole list and `.some[By<Scope>]` for a page; the resource and the words are the glossary's code words.
  it.each(all)('%s: its name follows the route-name rule', (name) => {
    expect(name).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
    const [resource = '', verb = ''] = name.split('.');
    expect(resource).toMatch(
      /^(health|auth|user|managementCompany|organization|location|walk|walkReport|incident|geo|schedule|alert|task|export|activity|roster|rosterVersion|rosterMapping|lockCheck)$/,
    );
    expect(verb, 'a scope follows all, some or a verb: allByUser, not byUser').not.toMatch(/^by[A-Z]/);
    expect(verb, 'a list is all or some').not.toMatch(/^list$|[a-z]sBy[A-Z]/);
    expect(
      verb,
      'the code words are completedMarker, photo, profilePicture and organization (the role keeps its name)',
    ).not.toMatch(/checkpoint|visited|image|area(?!Manager)/i);
  });

  it('has no two routes with the same method and path shape', () => {
    const shapes = all.map(([, r]) => `${r.method} ${r.path.replace(/\{\w+\}/g, '{}')}`);
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it.each(all)(
    '%s: its path is under /api and its {params} are exactly its params schema',
    (_name, route) => {
      expect(route.path).toMatch(/^\/api\/[\w/{}-]+$/);
      const placeholders = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(Object.keys(route.params?.shape ?? {}).sort()).toEqual(placeholders);
      for (const segment of route.path.split('/')) {
        if (segment.includes('{'))
          expect(segment, 'a parameter must span its whole segment').toMatch(/^\{\w+\}$/);
      }
    },
  );

  it('keeps exactly the sign-in calls and health public', () => {
    const publicRoutes = all
      .filter(([, r]) => r.access === 'public')
      .map(([name]) => name)
      .sort();
    expect(publicRoutes).toEqual(
      [
        'auth.completeNewPassword',
        'auth.forgotPassword',
        'auth.login',
        'auth.logout',
        'auth.mfaCode',
        'auth.mfaSetupStart',
        'auth.mfaSetupVerify',
        'auth.refresh',
        'auth.resetPassword',
        'health.get',
      ].sort(),
    );
  });

  it('requires a body exactly on writes that carry one', () => {
    for (const [name, route] of all) {
      if (route.method === 'GET' || route.method === 'DELETE') expect(route.body, name).toBeUndefined();
    }
  });

  it('has a route key per route, as API Gateway names them', () => {
    expect(routeKey(routes['user.get'])).toBe('GET /api/user/{id}');
  });
});

describe('buildPath', () => {
  it('encodes each value into its one segment', () => {
    expect(buildPath('/api/user/profile-image/{userId}/{name}', { userId: 7, name: 'a/b ..' })).toBe(
      '/api/user/profile-image/7/a%2Fb%20..',
    );
  });

  it.each(['', '.', '..'])('refuses %j, which a URL parser would drop or resolve', (value) => {
    expect(() =>
      buildPath('/api/user/remove-from-location/{userId}/{locationId}', { userId: value, locationId: 1 }),
    ).toThrow(/userId/);
  });
});
