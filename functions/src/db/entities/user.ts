import { type CreateEntityItem, type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { isRoleId, roleNames } from '@sitewalk/shared/roles';
import { service } from './service-name.ts';
import { searchTextOf } from './search-text.ts';

/**
 * A SiteWalk user; `userId` is also the Cognito username. Access patterns:
 * - the user with their memberships in one Query: primary, collection `userAccess`
 * - a company's users, by last name: gsi1 (pk = company; Admins and Super Users have none)
 * - everybody, by last name (Super User and Admin lists): gsi2
 * - the users whose default location is a given one (cleared when it is deleted): gsi3 (pk = location; users
 *   without a default share one partition that nothing reads)
 */
export const userEntity = new Entity({
  model: { entity: 'user', version: '1', service },
  attributes: {
    userId: { type: 'number', required: true },
    firstName: { type: 'string', required: true },
    lastName: { type: 'string', required: true },
    /** Lower-cased; unique through the userEmail item written in the same transaction. */
    email: { type: 'string' },
    phone: { type: 'string' },
    /**
     * The PIN, sealed by the PIN cipher (functions/src/ports/pins.ts: KMS in AWS, AES-256-GCM with a key
     * under .data/ locally) and bound to this user id: a table read alone does not give it away.
     */
    pinCipher: { type: 'string' },
    roleId: { type: 'number', required: true },
    managementCompanyId: { type: 'number' },
    companyEmail: { type: 'boolean', required: true, default: false },
    defaultLocationId: { type: 'number' },
    needsPasswordReset: { type: 'boolean', required: true, default: false },
    profileImageKey: { type: 'string' },
    /**
     * Epoch milliseconds: sessions begun and access tokens issued before this are refused (a password
     * reset signs out everywhere). Access tokens carry whole seconds, so one from that very second is refused too.
     */
    tokensValidAfter: { type: 'number' },
    /** When a superior last turned off the user's two-step verification (a lost phone), ISO time. */
    mfaResetAt: { type: 'string' },
    /**
     * What a search of the Super User's user list matches (a FilterExpression: DynamoDB compares
     * case-sensitively): the full name, e-mail, phone and role's name, lower-cased. Derived whenever one of them
     * is written; a change sets them all (`searchFields`), since the setter sees only its own write's attributes.
     */
    searchText: {
      type: 'string',
      watch: ['firstName', 'lastName', 'email', 'phone', 'roleId'],
      set: (_, item) => {
        const roleId: unknown = item.roleId;
        return searchTextOf([
          `${item.firstName} ${item.lastName}`,
          item.email,
          item.phone,
          isRoleId(roleId) ? roleNames[roleId] : undefined,
        ]);
      },
    },
    /**
     * The ids of the user's locations and areas, kept beside their membership items by every transaction that
     * writes one (docs/data-model.md, "The Super User's lists"), so a page of users names its rows' places
     * without a Query a row. For showing only: scope checks read the memberships. DynamoDB stores no empty set,
     * so none means none once `membershipIdsKept` says the sets are kept (users written before them are read
     * the old way until the backfill counts them). A deleted place's id may stay until the user is next
     * changed; ids are never reused, and views show only places that exist.
     */
    locationIds: { type: 'set', items: 'number' },
    organizationIds: { type: 'set', items: 'number' },
    membershipIdsKept: { type: 'boolean' },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
  },
  indexes: {
    primary: {
      collection: 'userAccess',
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
    byCompany: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['managementCompanyId'] },
      sk: { field: 'gsi1sk', composite: ['lastName', 'firstName', 'userId'] },
    },
    all: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: [] },
      sk: { field: 'gsi2sk', composite: ['lastName', 'firstName', 'userId'] },
    },
    byDefaultLocation: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['defaultLocationId'] },
      sk: { field: 'gsi3sk', composite: ['userId'] },
    },
  },
});
export type UserItem = EntityItem<typeof userEntity>;
export type CreateUserItem = CreateEntityItem<typeof userEntity>;

/** E-mail -> user id: the login lookup and the uniqueness guard. */
export const userEmailEntity = new Entity({
  model: { entity: 'userEmail', version: '1', service },
  attributes: {
    email: { type: 'string', required: true },
    userId: { type: 'number', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['email'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
export type UserEmailItem = EntityItem<typeof userEmailEntity>;

/**
 * Where one of a user's dashboard tables sits: one row per table (`tableId`), saved again in place.
 * Access patterns:
 * - a user's table order: primary, a Query of the user's partition. It is not in the `userAccess`
 *   collection, so the read of every request's actor does not carry it. At most TABLE_ORDER_MAX rows.
 * `tablePreferenceId` is the id the API answers (PUT /api/user/update/table-order/{orderId}).
 */
export const tablePreferenceEntity = new Entity({
  model: { entity: 'tablePreference', version: '2', service },
  attributes: {
    userId: { type: 'number', required: true },
    tableId: { type: 'number', required: true },
    tablePreferenceId: { type: 'number', required: true },
    tableName: { type: 'string', required: true },
    displayOrder: { type: 'number', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['tableId'] },
    },
  },
});
export type TablePreferenceItem = EntityItem<typeof tablePreferenceEntity>;

/**
 * How a user's dashboard shows its locations (issue 30): `cards` or a compact `table`. One item in the user's
 * partition, beside the table order (and, like it, not in the `userAccess` collection); none means `cards`.
 */
export const dashboardViewEntity = new Entity({
  model: { entity: 'dashboardView', version: '1', service },
  attributes: {
    userId: { type: 'number', required: true },
    view: { type: ['cards', 'table'] as const, required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
