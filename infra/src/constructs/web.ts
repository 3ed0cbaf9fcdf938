import { Duration, Validations, type Stack } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ORIGIN_SECRET_HEADER } from '@mapnest/lambdas/lib/origin-check';
import { CROSS_ORIGIN_STATIC_PATHS, HSTS_SECONDS, edgeHeaderSpec, type EdgeKind } from '../edge/headers';
import { PUBLISHED_EDGE_TTL_S } from '@mapnest/shared/maps';
import {
  SPA_REWRITE_SOURCE,
  SPA_STATUS_SOURCE,
  STRIP_PREFIX_SOURCE,
  UNAUTHENTICATED_BODY,
  VIEWER_IP_SOURCE,
  requireTokenSource,
} from '../edge/viewer-functions';
import type { StageConfig } from '../stages';
import type { WebAssets } from '../web-assets';
import { createApiWebAcl } from './web-acl';

export { UNAUTHENTICATED_BODY } from '../edge/viewer-functions';
export { WAF_COUNTED_COMMON_RULES, WAF_RULES } from './web-acl';

import { IMMUTABLE_CACHE, REVALIDATE_CACHE, SHORT_CACHE } from '../edge/headers';
export { CROSS_ORIGIN_STATIC_PATHS, contentSecurityPolicy } from '../edge/headers';
export { IMMUTABLE_CACHE, REVALIDATE_CACHE, SHORT_CACHE };

export interface WebProps {
  stage: StageConfig;
  spa: IBucket;
  publicData: IBucket;
  uploads: IBucket;
  logs: IBucket;
  /** The HTTP API's execute-api host name. */
  apiDomain: string;
  /** Extra connect-src hosts for the app's CSP (Cognito, S3 uploads, the OAuth domain). */
  connectSources: string[];
  /** Call paths open to signed-out callers, which the token gate lets through. */
  publicCallPaths: string[];
  /**
   * The secret CloudFront sends the API in ORIGIN_SECRET_HEADER, and a standby value also accepted during a rotation
   * (deploy-time values from Parameter Store, never literals: ADR 028).
   */
  originSecrets: { secret: string; standby: string };
}

/** How long CloudFront waits for the API (HTTP APIs give up at 30 s) and, in front of it, for the API distribution. */
const API_READ_TIMEOUT = Duration.seconds(30);
const API_DISTRIBUTION_READ_TIMEOUT = Duration.seconds(35);

/**
 * CloudFront in front of everything: the SPA (default, SPA fallback by function), /m/* embeds (framable
 * anywhere), /data/* published maps, /files/* uploads, /api/* the HTTP API (never cached). The built SPA and its
 * runtime /config.json are deployed by SpaDeployment, in a later stack (it needs the user pool, ADR 010).
 */
/** The response headers policies CloudFront applies, one per kind of response it serves from an origin. */
type HeaderPolicies = Record<'app' | 'embed' | 'data' | 'static' | 'files', cloudfront.ResponseHeadersPolicy>;

const viewerRequest = (fn: cloudfront.IFunction) => [
  { function: fn, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
];

export class Web extends Construct {
  readonly distribution: cloudfront.Distribution;
  /**
   * The API's own distribution, with the web ACL, on stages that have one (ADR 028): the app distribution's /api/*
   * behaviours forward to it, so WAF inspects API requests only.
   */
  readonly apiDistribution?: cloudfront.Distribution;
  /** The stage's own web ACL (`waf` in the stage config). */
  readonly webAcl?: wafv2.CfnWebACL;
  /** The CloudWatch metric name of the web ACL (its WAF metrics' WebACL dimension). */
  readonly webAclMetricName: string;
  /** https://<custom domain> or the distribution's own name. */
  readonly appOrigin: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { stage } = props;
    const domain = stage.domain;
    this.webAclMetricName = `mapnest-${stage.name}-api`;
    if (stage.waf)
      this.webAcl = createApiWebAcl(this, 'ApiWebAcl', {
        stage,
        metricName: this.webAclMetricName,
        originSecrets: props.originSecrets,
        apiRequestsPer5Minutes: stage.waf.apiRequestsPer5Minutes,
      });
    const webAclArn = this.webAcl?.attrArn ?? stage.webAclArn;
    if (webAclArn) this.apiDistribution = this.createApiDistribution(props, webAclArn);
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Mapnest ${stage.name}`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: stage.production ? cloudfront.PriceClass.PRICE_CLASS_ALL : cloudfront.PriceClass.PRICE_CLASS_100,
      ...(domain
        ? {
            domainNames: [domain.name],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      enableLogging: true,
      logBucket: props.logs,
      logFilePrefix: 'cloudfront/',
      ...this.behaviours(props, this.viewerFunctions(props), this.headerPolicies(props)),
      // No custom error responses: the SPA fallback is the viewer function's job, so /data 403/404s stay what they are.
    });
    this.appOrigin = domain ? `https://${domain.name}` : `https://${this.distribution.distributionDomainName}`;
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'Maps are embedded by customers worldwide; there is no country to exclude.' },
      {
        id: 'AwsSolutions-CFR2',
        reason: this.apiDistribution
          ? 'Embeds, map data and assets are not inspected by WAF (it bills per inspected request, ADR 028): /api/* goes through the API distribution, which carries the web ACL.'
          : 'No web ACL on this stage (a fixed monthly cost; production stages have one on their API distribution, ADR 028). API throttling, the origin check and Cognito limit abuse meanwhile.',
      },
      ...(domain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose TLS policy cannot be chosen; stages with a domain use TLSv1.2_2021.',
            },
          ]),
    );

    if (domain?.hostedZone) {
      const zone = route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: domain.hostedZone.id,
        zoneName: domain.hostedZone.name,
      });
      const target = route53.RecordTarget.fromAlias(new targets.CloudFrontTarget(this.distribution));
      new route53.ARecord(this, 'AliasA', { zone, recordName: domain.name, target });
      new route53.AaaaRecord(this, 'AliasAaaa', { zone, recordName: domain.name, target });
    }
  }

  /** The execute-api origin, reached over TLS 1.2 with CloudFront's secret header (lambdas/src/lib/origin-check.ts). */
  private apiOrigin(props: WebProps, domainName: string, readTimeout: Duration): origins.HttpOrigin {
    return new origins.HttpOrigin(domainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      readTimeout,
      customHeaders: { [ORIGIN_SECRET_HEADER]: props.originSecrets.secret },
    });
  }

  /**
   * A distribution of the API alone, carrying the web ACL (ADR 028), which the app distribution's /api/* behaviours
   * forward to: WAF then inspects API requests only, never an embed's. Uncached, every header but Host passed on.
   */
  private createApiDistribution(props: WebProps, webAclArn: string): cloudfront.Distribution {
    const { stage } = props;
    const distribution = new cloudfront.Distribution(this, 'ApiDistribution', {
      comment: `Mapnest ${stage.name} API (behind the app's /api/*, with the web ACL)`,
      httpVersion: cloudfront.HttpVersion.HTTP2,
      priceClass: stage.production ? cloudfront.PriceClass.PRICE_CLASS_ALL : cloudfront.PriceClass.PRICE_CLASS_100,
      webAclId: webAclArn,
      enableLogging: true,
      logBucket: props.logs,
      logFilePrefix: 'cloudfront-api/',
      defaultBehavior: {
        origin: this.apiOrigin(props, props.apiDomain, API_READ_TIMEOUT),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        compress: false,
      },
    });
    Validations.of(distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Maps are edited and embedded worldwide; there is no country to exclude from the API.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          "Only the app's own distribution calls this one, at its *.cloudfront.net name (whose default certificate has no selectable TLS policy); viewers use the app's domain with TLSv1.2_2021.",
      },
    );
    return distribution;
  }

  /** The viewer functions: SPA fallback and its not-found status, /data and /files prefix stripping, the call token gate. */
  private viewerFunctions(props: WebProps) {
    return {
      spaRewrite: new cloudfront.Function(this, 'SpaRewrite', {
        code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_SOURCE),
        runtime: cloudfront.FunctionRuntime.JS_2_0,
        comment: 'SPA fallback to /index.html; /m/* to /embed.html',
      }),
      spaStatus: new cloudfront.Function(this, 'SpaStatus', {
        code: cloudfront.FunctionCode.fromInline(SPA_STATUS_SOURCE),
        runtime: cloudfront.FunctionRuntime.JS_2_0,
        comment: "The app's not-found page goes out with status 404",
      }),
      stripPrefix: new cloudfront.Function(this, 'StripPrefix', {
        code: cloudfront.FunctionCode.fromInline(STRIP_PREFIX_SOURCE),
        runtime: cloudfront.FunctionRuntime.JS_2_0,
        comment: 'Strip /data or /files before reaching the bucket',
      }),
      requireToken: new cloudfront.Function(this, 'RequireToken', {
        code: cloudfront.FunctionCode.fromInline(
          requireTokenSource(JSON.stringify(UNAUTHENTICATED_BODY), props.publicCallPaths),
        ),
        runtime: cloudfront.FunctionRuntime.JS_2_0,
        comment: 'Calls without a token get the call protocol 401 envelope; stamps the viewer address',
      }),
      viewerIp: new cloudfront.Function(this, 'ViewerIp', {
        code: cloudfront.FunctionCode.fromInline(VIEWER_IP_SOURCE),
        runtime: cloudfront.FunctionRuntime.JS_2_0,
        comment: "Stamps the viewer's address on /api/* requests for the API distribution's rate rule",
      }),
    };
  }

  /**
   * Every response headers policy comes from one spec per kind of response (edge/headers.ts), which the local
   * gateway sends too: CSP per path, HSTS, frame rules, nosniff, Referrer-Policy, Permissions-Policy, COOP/CORP.
   */
  private headerPolicies(props: WebProps): HeaderPolicies {
    const crossOriginReads: cloudfront.ResponseHeadersCorsBehavior = {
      accessControlAllowOrigins: ['*'],
      accessControlAllowMethods: ['GET', 'HEAD'],
      accessControlAllowHeaders: ['*'],
      accessControlExposeHeaders: ['ETag'],
      accessControlAllowCredentials: false,
      accessControlMaxAge: Duration.days(1),
      originOverride: true,
    };
    const headersPolicy = (id: string, comment: string, kind: EdgeKind) => {
      const spec = edgeHeaderSpec(kind, props.connectSources);
      return new cloudfront.ResponseHeadersPolicy(this, id, {
        comment,
        ...(spec.cors ? { corsBehavior: crossOriginReads } : {}),
        securityHeadersBehavior: {
          strictTransportSecurity: {
            accessControlMaxAge: Duration.seconds(HSTS_SECONDS),
            includeSubdomains: true,
            override: true,
          },
          contentTypeOptions: { override: true },
          referrerPolicy: {
            referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
            override: true,
          },
          contentSecurityPolicy: { contentSecurityPolicy: spec.csp, override: true },
          ...(spec.frameOptions
            ? { frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true } }
            : {}),
        },
        customHeadersBehavior: {
          customHeaders: Object.entries(spec.custom).map(([header, value]) => ({ header, value, override: true })),
        },
      });
    };
    return {
      app: headersPolicy('AppHeaders', 'Mapnest app: strict CSP, not framable', 'app'),
      embed: headersPolicy('EmbedHeaders', 'Mapnest embed (/m/*): framable by any customer site', 'embed'),
      // Published data is read cross-origin by script-tag embeds; it is never a document, so one opened directly
      // runs no script in our origin.
      data: headersPolicy('DataHeaders', 'Mapnest /data: CORS for embeds, sandboxed if opened directly', 'data'),
      // The build's files and the embed's scripts and maps: read cross-origin by embeds, sandboxed if opened directly;
      // a worker started from them (PDF.js's) may read the site's files and compile its decoders (ADR 122).
      static: headersPolicy(
        'StaticHeaders',
        'Mapnest build assets: CORS for embeds, sandboxed if opened directly, workers read the site',
        'static',
      ),
      // User files (an uploaded SVG above all) opened directly load nothing and run nothing, in an opaque origin.
      files: headersPolicy(
        'FilesHeaders',
        'Mapnest /files (user uploads): CORS for embeds, no loads, sandboxed',
        'files',
      ),
    };
  }

  /** The cache policies of the data and file paths. */
  private cachePolicies(): { originControlled: cloudfront.CachePolicy; publishedData: cloudfront.CachePolicy } {
    // Honours the Cache-Control the publisher sets; a short default when it sets none. ?v= busts caches.
    const originControlled = new cloudfront.CachePolicy(this, 'OriginControlledCache', {
      comment: 'Mapnest data/files: origin Cache-Control, 60 s default, ?v= in the key',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(60),
      maxTtl: Duration.days(1),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList('v'),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    // Published maps (ADR 018): one object per map, rewritten in place by publish and unpublish. The edge keeps it at
    // most PUBLISHED_EDGE_TTL_S seconds (the cap holds whatever the object says), so a release reaches every visitor
    // within 5 s without invalidations; no query string in the key, so nobody can make the edge miss on purpose.
    const publishedData = new cloudfront.CachePolicy(this, 'PublishedDataCache', {
      comment: `Mapnest /data: published maps, at most ${PUBLISHED_EDGE_TTL_S} s at the edge`,
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(PUBLISHED_EDGE_TTL_S),
      maxTtl: Duration.seconds(PUBLISHED_EDGE_TTL_S),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    return { originControlled, publishedData };
  }

  /** What each path is served from, with its cache, headers and viewer function. */
  private behaviours(
    props: WebProps,
    fns: ReturnType<Web['viewerFunctions']>,
    headers: HeaderPolicies,
  ): Pick<cloudfront.DistributionProps, 'defaultBehavior' | 'additionalBehaviors'> {
    const { originControlled, publishedData } = this.cachePolicies();
    const spaOrigin = origins.S3BucketOrigin.withOriginAccessControl(props.spa);
    const spaBehaviour = (headers: cloudfront.IResponseHeadersPolicy): cloudfront.BehaviorOptions => ({
      origin: spaOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: headers,
      functionAssociations: [
        ...viewerRequest(fns.spaRewrite),
        { function: fns.spaStatus, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
      ],
      compress: true,
    });
    // Files only: no SPA fallback, so a missing file stays an error rather than the app's HTML.
    const staticBehaviour: cloudfront.BehaviorOptions = {
      origin: spaOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: headers.static,
      compress: true,
    };
    const bucketBehaviour = (
      bucket: IBucket,
      headers: cloudfront.IResponseHeadersPolicy,
      cachePolicy: cloudfront.ICachePolicy = originControlled,
    ): cloudfront.BehaviorOptions => ({
      origin: origins.S3BucketOrigin.withOriginAccessControl(bucket),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
      cachePolicy,
      responseHeadersPolicy: headers,
      functionAssociations: viewerRequest(fns.stripPrefix),
      compress: true,
    });

    // The API itself, or on stages with a web ACL the API's own distribution in front of it; either way with the
    // secret header. The gateway gives up at 30 s; waiting longer would only hide its 503.
    const apiOrigin = this.apiDistribution
      ? this.apiOrigin(props, this.apiDistribution.distributionDomainName, API_DISTRIBUTION_READ_TIMEOUT)
      : this.apiOrigin(props, props.apiDomain, API_READ_TIMEOUT);
    const apiBehaviour: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Authorization, content-encoding and x-mapnest-view-as reach the API; Host must stay the API's own.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers.app,
      compress: true,
    };
    return {
      defaultBehavior: spaBehaviour(headers.app),
      additionalBehaviors: {
        '/m/*': spaBehaviour(headers.embed),
        '/data/*': bucketBehaviour(props.publicData, headers.data, publishedData),
        '/files/*': bucketBehaviour(props.uploads, headers.files),
        ...Object.fromEntries(CROSS_ORIGIN_STATIC_PATHS.map((path) => [path, staticBehaviour])),
        '/api/fn/*': { ...apiBehaviour, functionAssociations: viewerRequest(fns.requireToken) },
        '/api/*': { ...apiBehaviour, functionAssociations: viewerRequest(fns.viewerIp) },
      },
    };
  }
}

export interface SpaDeploymentProps {
  spa: IBucket;
  distribution: cloudfront.IDistribution;
  assets: WebAssets;
  /** Runtime settings the SPA fetches from /config.json. */
  runtimeConfig: Record<string, unknown>;
}

/** Deploys the built SPA with its runtime /config.json, then invalidates the distribution. */
export class SpaDeployment extends Construct {
  constructor(scope: Construct, id: string, props: SpaDeploymentProps) {
    super(scope, id);
    this.deploySpa(props);
  }

  private deploySpa(props: SpaDeploymentProps): void {
    const runtimeFiles = [s3deploy.Source.jsonData('config.json', props.runtimeConfig)];
    const entryPatterns = ['*.html', 'config.json'];
    const hashedPatterns = ['assets/*'];
    const before: s3deploy.BucketDeployment[] = [];
    if (props.assets.kind === 'build') {
      // Hashed files first and never pruned: a tab still running the previous index.html keeps loading its chunks.
      const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        destinationBucket: props.spa,
        sources: [s3deploy.Source.asset(props.assets.dir)],
        exclude: ['*'],
        include: hashedPatterns,
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString(IMMUTABLE_CACHE)],
        memoryLimit: 512,
      });
      // Then the files with stable names (embed.js names the hashed entry, so it follows the assets).
      const stable = new s3deploy.BucketDeployment(this, 'DeployStatic', {
        destinationBucket: props.spa,
        sources: [s3deploy.Source.asset(props.assets.dir)],
        exclude: [...entryPatterns, ...hashedPatterns],
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString(SHORT_CACHE)],
        memoryLimit: 512,
      });
      stable.node.addDependency(assets);
      before.push(assets, stable);
    }
    const entry = new s3deploy.BucketDeployment(this, 'DeployEntry', {
      destinationBucket: props.spa,
      sources: [
        props.assets.kind === 'build'
          ? s3deploy.Source.asset(props.assets.dir)
          : s3deploy.Source.data('index.html', props.assets.placeholderHtml),
        ...(props.assets.kind === 'build' ? [] : [s3deploy.Source.data('embed.html', props.assets.placeholderHtml)]),
        ...runtimeFiles,
      ],
      exclude: ['*'],
      include: entryPatterns,
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString(REVALIDATE_CACHE)],
      distribution: props.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    for (const d of before) entry.node.addDependency(d);
  }
}

/**
 * Hosts the SPA talks to besides itself: Cognito's API, the buckets it reaches with presigned requests
 * (uploads by POST, map documents by GET; the SDK signs for the regional name) and the OAuth domain.
 */
export function appConnectSources(stack: Stack, presignedBuckets: readonly IBucket[], oauthDomain?: string): string[] {
  return [
    `https://cognito-idp.${stack.region}.amazonaws.com`,
    ...presignedBuckets.map((bucket) => `https://${bucket.bucketRegionalDomainName}`),
    ...(oauthDomain ? [`https://${oauthDomain}`] : []),
  ];
}
