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
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { ORIGIN_SECRET_HEADER } from '@sitewalk/functions/http/origin';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '@sitewalk/shared/runtime-config';
import { PAGES_MANIFEST_FILE, type PagesManifest } from '@sitewalk/shared/web-pages';
import {
  APP_ENTRY_FILES,
  entryFilesOf,
  HASHED_ASSET_CACHE_CONTROL,
  pageRouterCode,
} from '../../web-pages.ts';
import type { StageConfig } from '../stage.ts';
import { logicalIdOf, privateBucket } from './buckets.ts';

/** The API's path on the app's origin: CloudFront sends it, prefix and all, to the HTTP API. */
export const API_PATH_PATTERN = '/api/*';

/**
 * The web app on CloudFront: a private bucket behind origin access control, `/api/*` to the HTTP API with caching
 * off, every other path answered by the document that serves it (the web build's pages.json, through a
 * CloudFront Function), and security headers
 * on every answer.
 */
export class WebApp extends Construct {
  readonly distribution: Distribution;
  readonly url: string;
  private readonly bucket: IBucket;

  constructor(
    scope: Construct,
    id: string,
    props: {
      stage: StageConfig;
      api: IHttpApi;
      logs: IBucket;
      pages: PagesManifest;
      /** Sent to the API on every request; the API refuses requests without it (functions/src/http/origin.ts). */
      originSecret: ISecret;
      /** The stage's WAF web ACL (edge-stack.ts, in us-east-1). */
      webAclArn: string;
    },
  ) {
    super(scope, id);
    const { stage, api, logs, pages, originSecret, webAclArn } = props;
    const region = Stack.of(this).region;

    this.bucket = privateBucket(this, 'Site', {
      stage,
      logs,
      // The site is rebuilt from source at every deploy: nothing in it needs keeping.
      disposable: true,
    });

    // The Maps API v2: the style descriptor, its tiles, glyphs and sprites all come from this host.
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
            // MapLibre 6 starts its worker from the bundled worker script's own (same-origin) URL: no blob
            // (it makes one only for a worker on another origin). The service worker is /sw.js.
            "worker-src 'self'",
            // The web app manifest (the installable app).
            "manifest-src 'self'",
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

    const pageRouter = new CloudFrontFunction(this, 'PageRouter', {
      comment: 'Each path gets the document that serves it',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(pageRouterCode(pages)),
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `SiteWalk ${stage.name}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      webAclId: webAclArn,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: pageRouter, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [API_PATH_PATTERN]: {
          origin: new HttpOrigin(`${api.apiId}.execute-api.${region}.${Stack.of(this).urlSuffix}`, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            // A dynamic reference, resolved by CloudFormation at deploy: the value is in no template.
            customHeaders: { [ORIGIN_SECRET_HEADER]: originSecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything the viewer sent (the bearer token, the refresh cookie, the query) but the Host header,
          // which must name API Gateway, and CloudFront's own headers, CloudFront-Viewer-Address among them
          // (the client's address, functions/src/http/origin.ts).
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
      id: 'AwsSolutions-CFR4',
      reason:
        'Without a custom domain CloudFront serves its default certificate, whose policy (TLSv1) cannot be changed; a custom domain with its own certificate is future work.',
    });
    this.url = `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Puts the built web app in the bucket with its runtime config, written now from deploy-time values. Hashed
   * assets are cached for a year; the documents, the service worker, the web app manifest and config.json are
   * revalidated on every load and invalidated.
   */
  publish(webDist: string, config: RuntimeConfig): void {
    const assets = new BucketDeployment(this, 'Assets', {
      destinationBucket: this.bucket,
      // CloudFront compresses on the way out: the build's .br and .gz copies are for the local host.
      sources: [
        Source.asset(webDist, {
          exclude: ['*.html', PAGES_MANIFEST_FILE, '*.br', '*.gz', ...APP_ENTRY_FILES],
        }),
      ],
      cacheControl: [CacheControl.fromString(HASHED_ASSET_CACHE_CONTROL)],
      // Old assets stay for clients still running the previous build.
      prune: false,
    });
    const entry = new BucketDeployment(this, 'Entry', {
      destinationBucket: this.bucket,
      sources: [
        Source.asset(webDist, {
          exclude: ['*', '!*.html', ...APP_ENTRY_FILES.map((file) => `!${file}`)],
        }),
        Source.jsonData(RUNTIME_CONFIG_PATH.slice(1), config),
      ],
      cacheControl: [CacheControl.noCache()],
      prune: false,
      distribution: this.distribution,
      distributionPaths: [...entryFilesOf(webDist).map((file) => `/${file}`), RUNTIME_CONFIG_PATH],
    });
    // The documents name the assets: they must be there first.
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
