/** The specs' business constants and limits, once. */

export const LOGO_MAX_BYTES = 1_000_000;
/** Profile images have no size in the specs; the same limit keeps uploads bounded. */
export const PROFILE_IMAGE_MAX_BYTES = 1_000_000;
/** Walk and incident photos from phones. */
export const PHOTO_MAX_BYTES = 10_000_000;
/**
 * What the phone makes of a photo before queuing it (issue 28): at most this many pixels on the long side,
 * JPEG at this quality, and (lowering the quality a step at a time) no more than this many bytes.
 */
export const PHOTO_LONG_SIDE_MAX = 2048;
export const PHOTO_JPEG_QUALITY = 0.8;
export const PHOTO_TARGET_BYTES = 800_000;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/jpg', 'image/png'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
/** How long a presigned upload or view URL stays valid. */
export const PRESIGNED_URL_SECONDS = 300;

export const PHONE_DIGITS = 10;
export const PHONE_MAX_LENGTH = 12;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 50;
export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 8;

/**
 * DynamoDB's limit on the items of one transaction, counted whole (every put, delete, update and
 * condition check).
 */
export const TRANSACTION_MAX_ITEMS = 100;
/**
 * The items an audited change adds to its transaction: the new audit-log entry and its log's head
 * (docs/data-model.md, 'The audit log'). What a change itself may write is what is left.
 */
export const AUDIT_TRANSACTION_ITEMS = 2;
export const CHANGE_MAX_ITEMS = TRANSACTION_MAX_ITEMS - AUDIT_TRANSACTION_ITEMS;
/** The most audit-log entries one page of the Activity screen answers. */
export const AUDIT_PAGE_LIMIT_MAX = 100;
/** The most audit-log entries one call reads while looking for matches (the rest: its `nextCursor`). */
export const AUDIT_READ_BUDGET = 2000;
/** Locations and areas one user belongs to: a user's delete removes them in one transaction. */
export const MAX_MEMBERSHIPS = 90;
/**
 * What a user's delete writes for their memberships: each membership, and once each area they are in (its
 * kept totals). Beside the user, their e-mail guard and their company's tally, that fills one transaction.
 */
export const MAX_MEMBERSHIP_ITEMS = CHANGE_MAX_ITEMS - 3;
/**
 * The most users one add-to-location or add-to-organization call names: each user takes two items of its
 * one transaction (the membership and the id added to the user's), beside a check of the location and the
 * update of its area's kept totals, and the two items of its audit-log entry (48).
 */
export const MAX_USER_IDS_PER_CALL = Math.floor((TRANSACTION_MAX_ITEMS - AUDIT_TRANSACTION_ITEMS - 2) / 2);
/**
 * Dashboard tables (locations) whose order one user keeps: a whole portfolio of the largest demo tenant (1,000
 * locations, `seed:demo --size`), so "My order" can place every one. One small row per table in the user's
 * partition (under 200 bytes: no item nears DynamoDB's 400 KB), read whole by the "My order" page and each new
 * row's count check: some 20 read units at the cap.
 */
export const TABLE_ORDER_MAX = 1000;

/** The owner's dashboard pages its locations (issue 30): this many by default, at most the max. */
export const PORTFOLIO_PAGE_DEFAULT = 24;
export const PORTFOLIO_PAGE_MAX = 100;
/** A searchable picker (locations, users) asks the server for this many matches of what is typed. */
export const PICKER_MATCHES = 20;

export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50] as const;
/** The largest `limit` of a paged list. */
export const MAX_PAGE_LIMIT = 50;
/** The walk-report table fetches this many at once. */
export const WALK_REPORT_TABLE_LIMIT = 1000;
/** How far back (newest first) the walk-report list pages; a location may hold 20,000 reports. */
export const WALK_REPORT_PAGE_DEPTH = 10_000;
/** A search of a location's walk reports looks at this many of the newest. */
export const WALK_REPORT_SEARCH_WINDOW = 5_000;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_HIDE_MS = 3000;
export const SAVE_REDIRECT_MS = 1000;
export const DELETE_REDIRECT_MS = 1500;
export const ERROR_RESET_MS = 1500;
export const WALK_SAVED_RELOAD_MS = 2000;
export const PROFILE_IMAGE_TIMEOUT_MS = 5000;
export const LIST_CACHE_MS = 5000;
export const FETCH_RETRIES = 3;
export const FETCH_RETRY_MAX_DELAY_MS = 30_000;

export const WALK_NAME_MAX = 30;
export const WALK_DESCRIPTION_MAX = 200;
/**
 * What one walk report holds at most (a walk has at most 200 markers): its detail, read in one Query and
 * answered whole, stays near 1 MB, far below Lambda's 6 MB answer. A write past a cap answers 409.
 */
export const WALK_REPORT_COMPLETED_MARKERS_MAX = 400;
export const WALK_REPORT_NOTES_MAX = 200;
export const WALK_REPORT_PHOTOS_MAX = 200;
/** Writes a phone may report as discarded on one walk report (each kind's cap, and the start and finish). */
export const WALK_REPORT_DISCARDED_MAX =
  WALK_REPORT_COMPLETED_MARKERS_MAX + WALK_REPORT_NOTES_MAX + WALK_REPORT_PHOTOS_MAX + 100;
/** A walk counts as completed when at least this share of its completed markers was reached. */
export const WALK_COMPLETION_THRESHOLD = 0.9;

export const DEFAULT_MAP_CENTER = { lat: 36.7783, lng: -119.4179 } as const;
export const DEFAULT_MAP_ZOOM = 15;
export const SEARCH_ZOOM = 18;
export const DEFAULT_LOCATION_ZOOM = 18;
/** The spec's red route line, weight 2: the red of the theme's errors, which reads over map tiles. */
export const ROUTE_LINE = { color: '#d32f2f', weight: 2 } as const;
export const MAP_POPUP_HEIGHT_PX = 800;
export const KEYBOARD_DRAG_STEP_PX = 25;

export const INCIDENT_PREVIEW_LENGTH = 25;
/** An incident holds its notes and image keys in one item; these caps keep it far below 400 KB. */
export const INCIDENT_NOTES_MAX = 100;
export const INCIDENT_IMAGES_MAX = 20;
/** The all-incidents list and its search answer at most this many, newest first. */
export const INCIDENT_LIST_LIMIT = 200;
/** GET /api/incident/by-location/{id} answers at most this many, newest first, and pages on by cursor. */
export const INCIDENT_BY_LOCATION_LIMIT = 100;
/**
 * An answer listing incidents stops adding them past this many bytes of JSON (at least one is always listed):
 * with up to 100 notes and 20 presigned image URLs, one incident may take some 250 KB, and Lambda answers
 * at most 6 MB.
 */
export const INCIDENT_ANSWER_BYTES_MAX = 4_000_000;
/** Without a date range, the dashboard shows the incidents of this many days back. */
export const DASHBOARD_DEFAULT_DAYS = 30;
export const INCIDENT_PRIORITIES = { 1: 'Critical', 2: 'Important', 3: 'Regular' } as const;
export const priorityName = (typeId: number): string =>
  INCIDENT_PRIORITIES[typeId as keyof typeof INCIDENT_PRIORITIES] ?? 'Unknown';

/** Dashboard colouring: how few walk reports turn a location's card orange or red. */
export const DASHBOARD_THRESHOLDS = {
  last72HoursRedBelow: 2,
  lastWeekRedBelow: 5,
  lastWeekOrangeBelow: 10,
} as const;

/** The widths from which wider screens show more columns (a table column's `fromPx` is one of them). */
export const BREAKPOINTS = [640, 768, 1024, 1280, 1440] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];
export const ADDRESS_COLUMNS_FROM_PX = 768;
export const SELECT_MAX_MENU_HEIGHT = 300;
export const SELECT_PAGE_SIZE = 5;
export const PAGINATION_WINDOW = 5;

/**
 * The longest text a caller may send, field by field (docs/data-model.md lists them all). Every string of a
 * request schema has a maximum, so no value can outgrow a DynamoDB key (2,048 bytes) or item (400 KB).
 */
/** RFC 5321's limit for a deliverable address. */
export const EMAIL_MAX_LENGTH = 254;
/** A phone number as typed, before it is normalised to ddd-ddd-dddd ('+1 (555) 123-4567 ext' fits). */
export const PHONE_INPUT_MAX_LENGTH = 30;
/** 12345-6789. */
export const ZIPCODE_MAX_LENGTH = 10;
/** The password of a sign-in: Cognito's own limit (a new password is held to PASSWORD_MAX_LENGTH). */
export const LOGIN_PASSWORD_MAX_LENGTH = 256;
/** Cognito's session string of the 'Password Reset Required' challenge. */
export const AUTH_SESSION_MAX_LENGTH = 2048;
/** An e-mailed reset token (43 characters of base64url today). */
export const RESET_TOKEN_MAX_LENGTH = 128;
export const SEARCH_TERM_MAX_LENGTH = 100;
/** Names, addresses and cities of companies, areas and locations. */
export const NAME_MAX_LENGTH = 100;
export const PERSON_NAME_MAX_LENGTH = 50;
export const STATE_MAX_LENGTH = 50;
export const WEBSITE_MAX_LENGTH = 200;
export const GEOCODE_ADDRESS_MAX_LENGTH = 300;
export const MARKER_NOTES_MAX = 500;
export const UNIT_RANGE_MAX = 200;
/** A unit number at a completed marker. */
export const UNIT_NUMBER_MAX = 20;
/** Door photos of one unit in a lock check (issue 31). */
export const LOCK_PHOTOS_PER_UNIT_MAX = 5;
/** A location's unit roster (issue 31): at most this many units in one import. */
export const ROSTER_UNITS_MAX = 10_000;
/** A location with a roster is alerted when no full lock check finished in this many days, unless set (issue 31). */
export const LOCK_CHECK_EVERY_DAYS_DEFAULT = 7;
export const LOCK_CHECK_EVERY_DAYS_MAX = 90;
/** A roster unit's size as the rent roll writes it ('10x10', '5 x 10 CC'). */
export const ROSTER_UNIT_SIZE_MAX = 40;
/** A CSV column's header, as a roster mapping names it. */
export const ROSTER_COLUMN_MAX = 100;
/** A number read on a door photo with less confidence (0–100) than this is not taken for its unit. */
export const UNIT_READ_MIN_CONFIDENCE = 50;
/** A note on an incident or at a marker of a walk report. */
export const NOTE_MAX_LENGTH = 2000;
/** One line of an incident's text. */
export const INCIDENT_TEXT_MAX_LENGTH = 200;
export const TABLE_NAME_MAX_LENGTH = 50;
/** A file name in an upload or view path. */
export const FILE_NAME_MAX_LENGTH = 100;
export const PROFILE_IMAGE_NAME_MAX_LENGTH = 120;

/** Walk schedules, missed-walk alerts and tasks (issue 17). */
export const SCHEDULE_WINDOWS_MAX = 8;
export const WINDOW_LABEL_MAX_LENGTH = 40;
export const GRACE_MINUTES_MAX = 240;
export const DEFAULT_GRACE_MINUTES = 15;
/** 'Due soon': the window closes within this many minutes and no walk has started. */
export const DUE_SOON_MINUTES = 30;
/** A new location's windows, in its own time zone: a morning and an evening walk, every day. */
export const DEFAULT_WINDOWS = [
  { label: 'Morning walk', start: '07:00', end: '10:00' },
  { label: 'Evening walk', start: '17:00', end: '20:00' },
] as const;
/** The evaluator runs this often (EventBridge Scheduler in AWS, a timer on the local host). */
export const EVALUATOR_INTERVAL_MINUTES = 5;
/**
 * The audit logs' heads are anchored in write-once storage this often (EventBridge Scheduler in AWS, a timer
 * on the local host): the most of a log that a cut can take without `audit:verify` noticing.
 */
export const AUDIT_ANCHOR_INTERVAL_MINUTES = 60;
/** How long each anchor is kept, under S3 Object Lock in compliance mode (not even the account can shorten it). */
export const AUDIT_ANCHOR_RETENTION_DAYS = 400;
/** An evaluator run that finds a schedule unchecked for longer looks back this far only. */
export const EVALUATOR_LOOKBACK_HOURS = 24;
export const TASK_TITLE_MAX_LENGTH = 120;
export const TASK_DESCRIPTION_MAX_LENGTH = 2000;
export const TASK_COMMENT_MAX_LENGTH = 2000;
export const TASK_COMMENTS_MAX = 100;
export const DEFAULT_SUMMARY_TIME = '07:00';

/** Exports (CSV of walk reports and incidents, PDF of one walk report or incident). */
/** The longest date range one CSV export covers, in days (from and to included). */
export const EXPORT_RANGE_DAYS_MAX = 366;
/** How long the download link an export answers stays valid (the file itself is deleted a day later). */
export const EXPORT_URL_SECONDS = 300;
/** Days an export file is kept in the bucket before its lifecycle rule deletes it. */
export const EXPORT_EXPIRY_DAYS = 1;
/** Photos a walk-report or incident PDF embeds at most (the rest are counted, not shown). */
export const EXPORT_PDF_PHOTOS_MAX = 48;
