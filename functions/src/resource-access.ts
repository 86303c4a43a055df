import type { Resource } from '@sitewalk/shared/contract/route';
import type { EnvName } from './env.ts';

/**
 * What each resource's Lambda touches, once. The CDK app grants exactly this and sets exactly these
 * environment variables; `resource-access.test.ts` proves each module starts with them and with no fewer.
 */
export interface ResourceAccess {
  /** Read-only functions get read-only grants. */
  table: 'read' | 'readWrite';
  /** Cognito admin calls (RevokeToken needs no IAM permission). */
  identity?: readonly CognitoAction[];
  /**
   * Objects under the tenants' prefix of the upload bucket: presigned PUT, presigned GET and HEAD, delete; and
   * `export`: writing export files (streamed, multipart, tagged for expiry) under each tenant's `exports/` folder only.
   */
  storage?: readonly ('put' | 'read' | 'delete' | 'export')[];
  /**
   * Mail (issue 28): `queue` writes mails with links to the app into the outbox in the table (APP_URL); only the
   * mail worker may `send` them (SES SendEmail on the sender identity, MAIL_FROM).
   */
  mail?: 'queue' | 'send';
  /** Amazon Location's Places API v2 (Geocode), which has no resource of its own to name. */
  geocode?: boolean;
  /** The KMS key that seals PINs in the table (functions/src/ports/pins.ts). */
  pinKey?: readonly ('Encrypt' | 'Decrypt')[];
  /** The stage's roles that must use two-step verification (MFA_REQUIRED_ROLES). */
  mfaRoles?: boolean;
  /**
   * Writes audit entries (functions/src/db/audit.ts), so signs them: GenerateMac with the HMAC key that only
   * these functions may use (functions/src/ports/audit-signer.ts). Nothing deployed may VerifyMac.
   */
  auditWriter?: true;
}

export type CognitoAction =
  | 'AdminInitiateAuth'
  | 'AdminRespondToAuthChallenge'
  | 'AdminSetUserPassword'
  | 'AdminCreateUser'
  | 'AdminDeleteUser'
  | 'AdminDisableUser'
  | 'AdminEnableUser'
  | 'AdminGetUser'
  | 'AdminSetUserMFAPreference'
  | 'AdminUserGlobalSignOut';

const files = ['put', 'read', 'delete'] as const;

export const resourceAccess = {
  health: { table: 'read' },
  auth: {
    table: 'readWrite',
    identity: [
      'AdminInitiateAuth',
      'AdminRespondToAuthChallenge',
      'AdminSetUserPassword',
      'AdminUserGlobalSignOut',
      // Two-step verification: on after set-up, off when a superior resets it, and whether it is on.
      // (AssociateSoftwareToken and VerifySoftwareToken are authorized by the user's access token.)
      'AdminSetUserMFAPreference',
      'AdminGetUser',
    ],
    mail: 'queue',
    mfaRoles: true,
    auditWriter: true, // a changed password
  },
  user: {
    table: 'readWrite',
    identity: [
      'AdminCreateUser',
      'AdminSetUserPassword',
      'AdminDeleteUser',
      'AdminDisableUser',
      'AdminEnableUser',
      'AdminGetUser',
      'AdminUserGlobalSignOut',
      'AdminInitiateAuth', // the current password, before one's own password or e-mail changes
    ],
    storage: files,
    pinKey: ['Encrypt', 'Decrypt'],
    mail: 'queue', // the notice to the old address of a changed e-mail
    auditWriter: true,
  },
  managementCompany: { table: 'readWrite', storage: files, auditWriter: true, mfaRoles: true },
  organization: { table: 'readWrite', storage: files, auditWriter: true },
  location: { table: 'readWrite', auditWriter: true },
  walk: { table: 'readWrite', storage: ['put', 'read'], auditWriter: true },
  incident: { table: 'readWrite', storage: files, auditWriter: true },
  geo: { table: 'read', geocode: true },
  schedule: { table: 'readWrite' },
  alert: { table: 'readWrite' },
  task: { table: 'readWrite', mail: 'queue', auditWriter: true }, // the assignee's notice
  // CSV and PDF exports: reads the table, reads photos for PDFs, writes and signs export files.
  export: { table: 'read', storage: ['read', 'export'] },
  // Unit rosters and their companies' CSV mappings, lock checks and their door photos (issue 31).
  lockCheck: { table: 'readWrite', storage: ['put', 'read'] },
} as const satisfies Record<Resource, ResourceAccess>;

/**
 * Lambdas that serve no route: a consumer of the table's stream, the scheduled evaluator, the walk-photo
 * consumer, the scheduled audit anchoring.
 */
export type Worker = 'cleanup' | 'evaluator' | 'walkPhoto' | 'auditAnchor' | 'mailOutbox';

export interface WorkerAccess extends ResourceAccess {
  /** A stream consumer's event source: the table's stream (read by the event source mapping with its role). */
  stream?: 'table';
  /**
   * An upload-event consumer: the upload bucket notifies it of each object created under `tenants/`, and it may
   * read the objects of this kind (`tenants/*\/{kind}/*`), which Rekognition reads with its permissions.
   */
  uploadEvents?: readonly ('walk-photo' | 'lock-photo')[];
  /** Amazon Rekognition's DetectText (an action without resources of its own). */
  detectText?: true;
  /** The audit anchor bucket (S3 Object Lock): lists and reads the anchors, writes new ones. */
  auditAnchors?: true;
}

export const workerAccess = {
  // Deletes what a deleted location leaves: table items, and files by their recorded keys.
  cleanup: { table: 'readWrite', storage: ['delete'], stream: 'table' },
  // Walk windows due, alerts once each, their mails and the daily summaries (EventBridge Scheduler invokes it).
  evaluator: { table: 'readWrite', mail: 'queue' },
  // Sends every mail of the outbox (issue 28): each new item from the table's stream, and due retries on a schedule.
  mailOutbox: { table: 'readWrite', mail: 'send', stream: 'table' },
  // Every walk photo and lock check photo as it arrives (S3 event): the unit number on a door photo, with
  // Rekognition's DetectText.
  walkPhoto: { table: 'readWrite', uploadEvents: ['walk-photo', 'lock-photo'], detectText: true },
  // Each audit log's head into the Object Lock bucket, every AUDIT_ANCHOR_INTERVAL_MINUTES; it only reads the table.
  auditAnchor: { table: 'read', auditAnchors: true },
} as const satisfies Record<Worker, WorkerAccess>;

export const workers = Object.keys(workerAccess) as Worker[];

/** The environment a resource's Lambda reads (besides AWS_REGION, which Lambda sets itself). */
export const environmentOf = (access: ResourceAccess | WorkerAccess): EnvName[] => [
  'TABLE_NAME',
  ...(access.identity ? (['USER_POOL_ID', 'USER_POOL_CLIENT_ID'] as const) : []),
  ...(access.storage || 'uploadEvents' in access ? (['UPLOAD_BUCKET'] as const) : []),
  ...(access.mail === 'queue' ? (['APP_URL'] as const) : []),
  ...(access.mail === 'send' ? (['MAIL_FROM'] as const) : []),
  ...(access.geocode ? (['GEOCODER'] as const) : []),
  ...(access.pinKey ? (['PIN_KEY_ID'] as const) : []),
  ...('mfaRoles' in access && access.mfaRoles ? (['MFA_REQUIRED_ROLES'] as const) : []),
  ...(access.auditWriter ? (['AUDIT_KEY_ID'] as const) : []),
  ...('auditAnchors' in access && access.auditAnchors ? (['AUDIT_ANCHOR_BUCKET'] as const) : []),
];
