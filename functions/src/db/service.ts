import { Service } from 'electrodb';
import { Entity } from './entities/entity.ts';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { counterEntity } from './entities/counter.ts';
import { companyTallyEntity } from './entities/companyTally.ts';
import { managementCompanyEntity } from './entities/managementCompany.ts';
import { organizationEntity } from './entities/organization.ts';
import { locationEntity } from './entities/location.ts';
import { dashboardViewEntity, tablePreferenceEntity, userEmailEntity, userEntity } from './entities/user.ts';
import { userLocationEntity, userOrganizationEntity } from './entities/membership.ts';
import {
  endedSessionEntity,
  mfaSetupEntity,
  passwordResetEntity,
  sessionEntity,
  throttleEntity,
} from './entities/auth.ts';
import { walkEntity } from './entities/walk.ts';
import { incidentCreateEntity, incidentEntity } from './entities/incident.ts';
import { locationCleanupEntity } from './entities/locationCleanup.ts';
import { scheduleEntity } from './entities/schedule.ts';
import { locationStatusEntity } from './entities/locationStatus.ts';
import { taskCreateEntity, taskEntity } from './entities/task.ts';
import { auditEntryEntity, auditHeadEntity } from './entities/audit.ts';
import { mailOutboxEntity } from './entities/mail.ts';
import { rosterChunkEntity, rosterMappingEntity, rosterVersionEntity } from './entities/roster.ts';
import { lockCheckCadenceEntity } from './entities/lockCheckCadence.ts';
import {
  lockCheckEntity,
  lockCheckStartEntity,
  lockDiscrepancyEntity,
  lockPhotoEntity,
  lockResultEntity,
  unitFindingEntity,
} from './entities/lockCheck.ts';
import {
  alertEntity,
  alertInboxEntity,
  alertKeyEntity,
  alertMailEntity,
  alertPreferencesEntity,
} from './entities/alert.ts';
import {
  completedMarkerEntity,
  locationMonthEntity,
  locationTallyEntity,
  markerImageEntity,
  photoHashEntity,
  walkNoteEntity,
  walkReportEntity,
  walkReportStartEntity,
} from './entities/walkReport.ts';

export const entities = {
  counter: counterEntity,
  companyTally: companyTallyEntity,
  managementCompany: managementCompanyEntity,
  organization: organizationEntity,
  location: locationEntity,
  user: userEntity,
  userEmail: userEmailEntity,
  userLocation: userLocationEntity,
  userOrganization: userOrganizationEntity,
  passwordReset: passwordResetEntity,
  throttle: throttleEntity,
  session: sessionEntity,
  mfaSetup: mfaSetupEntity,
  endedSession: endedSessionEntity,
  tablePreference: tablePreferenceEntity,
  dashboardView: dashboardViewEntity,
  walk: walkEntity,
  walkReport: walkReportEntity,
  walkReportStart: walkReportStartEntity,
  locationTally: locationTallyEntity,
  locationMonth: locationMonthEntity,
  locationStatus: locationStatusEntity,
  completedMarker: completedMarkerEntity,
  walkNote: walkNoteEntity,
  markerImage: markerImageEntity,
  photoHash: photoHashEntity,
  incident: incidentEntity,
  incidentCreate: incidentCreateEntity,
  locationCleanup: locationCleanupEntity,
  schedule: scheduleEntity,
  alert: alertEntity,
  alertKey: alertKeyEntity,
  alertInbox: alertInboxEntity,
  alertMail: alertMailEntity,
  alertPreferences: alertPreferencesEntity,
  task: taskEntity,
  taskCreate: taskCreateEntity,
  auditEntry: auditEntryEntity,
  auditHead: auditHeadEntity,
  mailOutbox: mailOutboxEntity,
  rosterVersion: rosterVersionEntity,
  rosterChunk: rosterChunkEntity,
  rosterMapping: rosterMappingEntity,
  lockCheckCadence: lockCheckCadenceEntity,
  lockCheck: lockCheckEntity,
  lockCheckStart: lockCheckStartEntity,
  lockResult: lockResultEntity,
  lockPhoto: lockPhotoEntity,
  lockDiscrepancy: lockDiscrepancyEntity,
  unitFinding: unitFindingEntity,
};

/** The ElectroDB service over the one table: every entity, bound to a client and a table name. */
/**
 * A service over its own copies of the entities: ElectroDB's Service binds the client and table onto the entity
 * objects it is given, so two services over the shared module-level entities (a test's counting client and a
 * helper's, two tables in one process) would silently re-point each other's entities.
 */
export const createService = (client: DynamoDBDocumentClient, table: string) =>
  Object.assign(
    new Service(
      Object.fromEntries(
        Object.entries(entities).map(([name, entity]) => [
          name,
          new Entity(entity.schema, { client, table }),
        ]),
      ) as unknown as typeof entities,
      { client, table },
    ),
    /** The client and table themselves, for the one request ElectroDB does not make (db/places.ts). */
    { documentClient: client, table },
  );

export type DataService = ReturnType<typeof createService>;
