import { fileURLToPath } from 'node:url';
import { DefaultStackSynthesizer, Duration, FeatureFlags, Stack, Token, Validations } from 'aws-cdk-lib';
import { ENABLE_PARTITION_LITERALS } from 'aws-cdk-lib/cx-api';
import { RegionInfo } from 'aws-cdk-lib/region-info';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '@sitewalk/shared/runtime-config';
import type { StageConfig } from '../stage.ts';
import { logicalIdOf, privateBucket } from './buckets.ts';

export const SPA_FALLBACK_CODE = fileURLToPath(new URL('./spa-fallback.js', import.meta.url));

/** The API's path on the app's origin: CloudFront sends it, prefix and all, to the HTTP API. */
export const API_PATH_PATTERN = '/api/*';

/**
 * The SPA on CloudFront: a private bucket behind origin access control, `/api/*` to the HTTP API with caching
 * off, client-side routes falling back to index.html through a CloudFront Function, and security headers
 * on every answer.
 */
export class WebApp extends Construct {
  readonly distribution: Distribution;
  readonly url: string;
  private readonly bucket: IBucket;

  constructor(scope: Construct, id: string, props: { stage: StageConfig; api: IHttpApi; logs: IBucket }) {
    super(scope, id);
    const { stage, api, logs } = props;
    const region = Stack.of(this).region;

    this.bucket = privateBucket(this, 'Site', {
      stage,
      logs,
      // The site is rebuilt from source at every deploy: nothing in it needs keeping.
      disposable: true,
    });

    const mapsHost = `https://maps.geo.${region}.amazonaws.com`;
    // Presigned upload and view URLs go to the upload bucket, whose name cannot appear here: its CORS rule
    // names this distribution, and the two would depend on each other.
    const uploadsHost = `https://*.s3.${region}.amazonaws.com`;
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `SiteWalk ${stage.name}: security headers`,
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          override: true,
          contentSecurityPolicy: [
            "default-src 'self'",
            "script-src 'self'",
            // MUI (emotion) injects its styles at run time.
            "style-src 'self' 'unsafe-inline'",
            `img-src 'self' data: blob: ${uploadsHost} ${mapsHost}`,
            `connect-src 'self' ${uploadsHost} ${mapsHost}`,
            "font-src 'self' data:",
            // MapLibre renders in a worker made from a blob.
            "worker-src 'self' blob:",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
          ].join('; '),
        },
        strictTransportSecurity: {
          override: true,
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { override: true, frameOption: HeadersFrameOption.DENY },
        referrerPolicy: {
          override: true,
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        },
      },
    });

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      comment: 'Client-side routes get index.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromFile({ filePath: SPA_FALLBACK_CODE }),
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `SiteWalk ${stage.name}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [API_PATH_PATTERN]: {
          origin: new HttpOrigin(`${api.apiId}.execute-api.${region}.${Stack.of(this).urlSuffix}`, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything the viewer sent (the bearer token, the refresh cookie, the query) but the Host header,
          // which must name API Gateway.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'Storage facilities and their staff may be anywhere; no country is refused.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR2',
      reason:
        'A CloudFront web ACL must live in us-east-1 and is priced per tenant; sign-in is throttled by the API and every other call needs a token. Adding WAF is an ops decision per stage.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR4',
      reason:
        'Without a custom domain CloudFront serves its default certificate, whose policy (TLSv1) cannot be changed; a custom domain with its own certificate is future work.',
    });
    this.url = `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Puts the built SPA in the bucket with its runtime config, written now from deploy-time values. Hashed
   * assets are cached for a year; index.html and config.json are revalidated on every load and invalidated.
   */
  publish(webDist: string, config: RuntimeConfig): void {
    const assets = new BucketDeployment(this, 'Assets', {
      destinationBucket: this.bucket,
      sources: [Source.asset(webDist, { exclude: ['index.html'] })],
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      // Old assets stay for clients still running the previous build.
      prune: false,
    });
    const entry = new BucketDeployment(this, 'Entry', {
      destinationBucket: this.bucket,
      sources: [
        Source.asset(webDist, { exclude: ['*', '!index.html'] }),
        Source.jsonData(RUNTIME_CONFIG_PATH.slice(1), config),
      ],
      cacheControl: [CacheControl.noCache()],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/index.html', RUNTIME_CONFIG_PATH],
    });
    // index.html names the assets: they must be there first.
    entry.node.addDependency(assets);
    acknowledgeDeploymentProvider(assets, this.bucket);
  }
}

/** BucketDeployment's provider is the CDK's own singleton Lambda, run by CloudFormation at deploy time only. */
const acknowledgeDeploymentProvider = (deployment: BucketDeployment, bucket: IBucket): void => {
  const role = deployment.handlerRole as unknown as Construct;
  const reason =
    'The CDK’s BucketDeployment provider copies the built SPA from the CDK asset bucket into the site bucket at deploy time; its role and runtime are the CDK’s.';
  for (const finding of [
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    'AwsSolutions-IAM5[Action::s3:GetObject*]',
    'AwsSolutions-IAM5[Action::s3:GetBucket*]',
    'AwsSolutions-IAM5[Action::s3:List*]',
    'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
    'AwsSolutions-IAM5[Action::s3:Abort*]',
    'AwsSolutions-IAM5[Resource::*]',
  ]) {
    Validations.of(role).acknowledge({ id: finding, reason });
  }
  // It reads the CDK's asset bucket and writes the site bucket.
  for (const arn of [cdkAssetBucketArn(Stack.of(deployment)), `<${logicalIdOf(bucket)}.Arn>`]) {
    Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[Resource::${arn}/*]`, reason });
  }
  const provider = role.node.scope;
  if (provider) Validations.of(provider).acknowledge({ id: 'AwsSolutions-L1', reason });
};

/** The CDK's bootstrap asset bucket as cdk-nag names it: the default synthesizer's name for this environment. */
const cdkAssetBucketArn = (stack: Stack): string => {
  const known = (value: string, placeholder: string) => (Token.isUnresolved(value) ? placeholder : value);
  const region = known(stack.region, '<AWS::Region>');
  const literal =
    !Token.isUnresolved(stack.region) && FeatureFlags.of(stack).isEnabled(ENABLE_PARTITION_LITERALS);
  const partition = literal ? (RegionInfo.get(stack.region).partition ?? 'aws') : '<AWS::Partition>';
  const account = known(stack.account, '<AWS::AccountId>');
  return `arn:${partition}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${account}-${region}`;
};
