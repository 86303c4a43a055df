import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as z from 'zod';
import { parseRoleList, Role, type RoleId } from '@sitewalk/shared/roles';

/**
 * A stage is one tenant's deployment: `cdk deploy --all -c stage=<tenant>`. Everything that differs between
 * stages derives from the validated context here; stacks and constructs read only this.
 */
const stageName = z
  .string({ error: 'Pass the stage with -c stage=<name>' })
  .regex(
    /^[a-z][a-z0-9-]{1,20}$/,
    'A stage name is 2–21 lower-case letters, digits or hyphens, starting with a letter',
  );

const context = z.object({
  stage: stageName,
  /** The domain SiteWalk's e-mail comes from; SES verifies it with the DKIM records the Auth stack outputs. */
  mailDomain: z
    .string({ error: 'Pass the mail domain with -c mailDomain=<domain>' })
    .regex(
      /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/,
      'mailDomain must be a domain name such as example.com',
    ),
  /** Who gets the stage's alarms. */
  opsEmail: z.email({ error: 'Pass the operations e-mail with -c opsEmail=<address>' }),
  /** Who the landing page tells visitors to write to; the operations address unless given. */
  contactEmail: z.email({ error: 'contactEmail must be an e-mail address' }).optional(),
  contactName: z.string().trim().min(1).max(100).optional(),
  /**
   * The roles that must use two-step verification, as role ids ("50,45,40"; "none" or "" for none).
   * Production-like stages default to Super User, Admin and Owner; the others to none.
   */
  mfaRequiredRoles: z.string().optional(),
});

export type StageContext = z.input<typeof context>;

export interface StageConfig {
  name: string;
  /** Production-like stages keep their data whatever happens to the stack. */
  productionLike: boolean;
  removalPolicy: RemovalPolicy;
  logLevel: 'DEBUG' | 'INFO';
  logRetention: RetentionDays;
  mailDomain: string;
  mailFrom: string;
  opsEmail: string;
  /** The landing page's contact, written to the SPA's config.json. */
  contact: { email: string; name: string };
  /** API Gateway's stage-wide limits (requests per second, and the burst above it). */
  throttle: { rateLimit: number; burstLimit: number };
  /** API Gateway's limits on each public auth route (sign-in, refresh, password reset), for all callers together. */
  signInThrottle: { rateLimit: number; burstLimit: number };
  /** The WAF's limit on requests to the sign-in paths from one viewer address, per window. */
  signInRate: { limit: number; windowSeconds: number };
  /** When an alarm fires: errors in one five-minute period. */
  alarmThreshold: number;
  /** Cognito token lifetimes: short access, longer refresh (a session lasts as long as the refresh token). */
  accessTokenValidity: Duration;
  /** The roles that must use two-step verification (a management company may add its own roles). */
  mfaRequiredRoles: readonly RoleId[];
}

const PRODUCTION_MFA_ROLES: readonly RoleId[] = [Role.SuperUser, Role.Admin, Role.Owner];

const mfaRolesOf = (text: string | undefined, productionLike: boolean): readonly RoleId[] => {
  if (text === undefined) return productionLike ? PRODUCTION_MFA_ROLES : [];
  try {
    return parseRoleList(text.trim() === 'none' ? '' : text);
  } catch (error) {
    throw new Error(`Stage configuration: mfaRequiredRoles: ${(error as Error).message}`);
  }
};

const disposable = new Set(['dev', 'test', 'demo', 'ci']);
/** cdk.json's defaults use this reserved domain; they do for a disposable stage, never for a real one. */
const PLACEHOLDER_DOMAIN = '.example';

export const stageConfig = (input: Partial<Record<keyof StageContext, unknown>>): StageConfig => {
  const parsed = context.safeParse(input);
  if (!parsed.success) {
    throw new Error(`Stage configuration: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  }
  const { stage: name, mailDomain, opsEmail, contactEmail, contactName, mfaRequiredRoles } = parsed.data;
  const productionLike = !disposable.has(name) && !name.startsWith('dev-');
  if (productionLike && [mailDomain, opsEmail].some((value) => value.endsWith(PLACEHOLDER_DOMAIN))) {
    throw new Error(
      `Stage configuration: ${name} is production-like; pass its own -c mailDomain=<domain> and -c opsEmail=<address>`,
    );
  }
  return {
    name,
    productionLike,
    removalPolicy: productionLike ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    logLevel: productionLike ? 'INFO' : 'DEBUG',
    logRetention: productionLike ? RetentionDays.ONE_YEAR : RetentionDays.TWO_WEEKS,
    mailDomain,
    mailFrom: `no-reply@${mailDomain}`,
    opsEmail,
    contact: { email: contactEmail ?? opsEmail, name: contactName ?? 'the SiteWalk team' },
    throttle: productionLike ? { rateLimit: 200, burstLimit: 400 } : { rateLimit: 50, burstLimit: 100 },
    signInThrottle: productionLike ? { rateLimit: 20, burstLimit: 40 } : { rateLimit: 10, burstLimit: 20 },
    // A whole office behind one address refreshes its sessions well below this; a password guesser does not.
    signInRate: { limit: 100, windowSeconds: 300 },
    alarmThreshold: productionLike ? 1 : 5,
    accessTokenValidity: Duration.minutes(15),
    mfaRequiredRoles: mfaRolesOf(mfaRequiredRoles, productionLike),
  };
};

/** Stack names carry the stage, so several tenants share one account without clashing. */
export const stackName = (stage: Pick<StageConfig, 'name'>, part: string): string =>
  `SiteWalk-${stage.name}-${part}`;
