import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  Mfa,
  UserPool,
  UserPoolClient,
  UserPoolEmail,
  type IUserPool,
  type IUserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { PASSWORD_MIN_LENGTH } from '@sitewalk/shared/constants';
import { SESSION_SECONDS } from '@sitewalk/functions/domain/sessions';
import type { StageConfig } from './stage.ts';

/**
 * Sign-in: the Cognito user pool the API signs people in with (no self sign-up; SiteWalk creates every
 * account) and its one app client. Cognito sends any e-mail of its own through the Mail stack's SES domain.
 */
export class AuthStack extends Stack {
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;

  constructor(scope: Construct, id: string, props: StackProps & { stage: StageConfig }) {
    super(scope, id, props);
    const { stage } = props;

    const userPool = new UserPool(this, 'Users', {
      selfSignUpEnabled: false,
      // The Cognito username is SiteWalk's user id; e-mail lives in the table.
      signInAliases: { username: true },
      signInCaseSensitive: false,
      // The one password rule of shared/ (its 50-character maximum is checked by the API).
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      // SiteWalk resets passwords itself, by SES mail with a single-use link.
      accountRecovery: AccountRecovery.NONE,
      // TOTP offered to everyone; who must use it is SiteWalk's setting (stage and company), enforced by the
      // API at sign-in, and once a user has it on Cognito asks for the code at every sign-in.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      email: UserPoolEmail.withSES({
        fromEmail: stage.mailFrom,
        fromName: 'SiteWalk',
        sesVerifiedDomain: stage.mailDomain,
      }),
      deletionProtection: stage.productionLike,
      removalPolicy: stage.removalPolicy,
    });
    Validations.of(userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        "MFA is OPTIONAL in Cognito because who must use it is SiteWalk's own setting (stage roles, tightened per management company): the API withholds every session of a user who must and has not set up TOTP.",
    });
    Validations.of(userPool).acknowledge({
      id: 'AwsSolutions-COG1',
      reason:
        'The one password rule of the specs (shared/): 8–50 characters with upper- and lower-case letters and a digit; symbols are not required.',
    });
    const threatProtection =
      'Threat protection needs the paid Plus plan; the API throttles sign-ins itself (5 per e-mail and source IP, 30 failures per source IP, 50 per e-mail, per 15 minutes).';
    Validations.of(userPool).acknowledge({ id: 'AwsSolutions-COG3', reason: threatProtection });
    Validations.of(userPool).acknowledge({ id: 'AwsSolutions-COG8', reason: threatProtection });
    this.userPool = userPool;

    this.userPoolClient = new UserPoolClient(this, 'WebClient', {
      userPool,
      // The API signs in server-side (AdminInitiateAuth); refresh is always allowed.
      authFlows: { adminUserPassword: true },
      generateSecret: false,
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      accessTokenValidity: stage.accessTokenValidity,
      idTokenValidity: stage.accessTokenValidity,
      refreshTokenValidity: Duration.seconds(SESSION_SECONDS),
    });

    new CfnOutput(this, 'UserPoolId', { value: userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
