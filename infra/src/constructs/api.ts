import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { VIEW_AS_HEADER } from '@mapnest/lambdas/lib/identity';
import type { StageConfig } from '../stages';
import type { MapnestFunction } from './mapnest-function';

export interface ApiProps {
  stage: StageConfig;
  /** Origins allowed by CORS; empty means same-origin only (the SPA reaches /api through CloudFront). */
  corsOrigins: string[];
}

/**
 * The HTTP API itself. It depends on nothing else in the stage, so CloudFront (which needs its host name) can be
 * deployed before the user pool and the functions (ADR 010). Routes are added next to their function
 * (`addRoutes`), each behind the Cognito JWT authorizer unless the manifest declares it public; the stage with its
 * throttles and access logs is `ApiStage`, deployed once the routes exist.
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: `Mapnest ${props.stage.name} API`,
      createDefaultStage: false,
      ...(props.corsOrigins.length > 0
        ? {
            corsPreflight: {
              allowOrigins: props.corsOrigins,
              allowMethods: [apigw.CorsHttpMethod.GET, apigw.CorsHttpMethod.POST],
              allowHeaders: ['authorization', 'content-type', 'content-encoding', VIEW_AS_HEADER],
              maxAge: Duration.days(1),
            },
          }
        : {}),
    });
  }

  /** The API's execute-api host name, for CloudFront's /api/* origin. */
  get domainName(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}

/**
 * The Cognito JWT authorizer (ID tokens of the web client), made in the scope given (the auth stack: it names the
 * user pool, which the API's own stack must not depend on), and the route authorizer that points routes at it.
 */
export function cognitoAuthorizer(
  scope: Construct,
  httpApi: apigw.IHttpApi,
  userPool: IUserPool,
  client: IUserPoolClient,
): apigw.IHttpRouteAuthorizer {
  const region = Stack.of(scope).region;
  const authorizer = new apigw.HttpAuthorizer(scope, 'CognitoJwt', {
    httpApi,
    authorizerName: 'CognitoJwt',
    type: apigw.HttpAuthorizerType.JWT,
    identitySource: ['$request.header.Authorization'],
    jwtAudience: [client.userPoolClientId],
    jwtIssuer: `https://cognito-idp.${region}.amazonaws.com/${userPool.userPoolId}`,
  });
  return { bind: () => ({ authorizerId: authorizer.authorizerId, authorizationType: 'JWT' }) };
}

/** The routes the manifest gives a function, made next to it: JWT-protected, or explicitly public. */
export function addRoutes(httpApi: apigw.IHttpApi, authorizer: apigw.IHttpRouteAuthorizer, fn: MapnestFunction): void {
  const integration = new HttpLambdaIntegration(`${fn.node.id}Integration`, fn.handler);
  for (const route of fn.spec.routes) {
    const method = route.method === 'GET' ? apigw.HttpMethod.GET : apigw.HttpMethod.POST;
    const created = new apigw.HttpRoute(fn, `Route${route.method}${route.path.replace(/[^A-Za-z0-9]/g, '')}`, {
      httpApi,
      routeKey: apigw.HttpRouteKey.with(route.path, method),
      integration,
      authorizer: route.auth === 'jwt' ? authorizer : new apigw.HttpNoneAuthorizer(),
    });
    if (route.auth === 'none') {
      Validations.of(created).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: `${route.method} ${route.path} is public by design (lambdas/src/routes.ts HTTP_ROUTES or PUBLIC_CALLS): health checks, the contact form, the analytics beacon and the Stripe webhook (verified by its signature) are called without a user token.`,
      });
    }
  }
}

export interface ApiStageProps {
  stage: StageConfig;
  httpApi: apigw.IHttpApi;
  /** Per-route throttles ('POST /api/beacon' -> limits), in place of reserved concurrency on public functions. */
  routeThrottles: Readonly<Record<string, { rateLimit: number; burstLimit: number }>>;
}

/**
 * The API's $default stage: stage-wide throttling, per-route throttles and JSON access logs. API Gateway refuses
 * settings for a route that does not exist yet, so this is deployed after the functions' routes (ADR 010).
 */
export class ApiStage extends Construct {
  readonly stage: apigw.HttpStage;
  readonly accessLogs: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ApiStageProps) {
    super(scope, id);
    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.stage.logRetention,
      removalPolicy: props.stage.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: props.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.stage.throttle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationStatus: '$context.integrationStatus',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
    const routeSettings = Object.fromEntries(
      Object.entries(props.routeThrottles).map(([routeKey, limit]) => [
        routeKey,
        { ThrottlingRateLimit: limit.rateLimit, ThrottlingBurstLimit: limit.burstLimit },
      ]),
    );
    if (Object.keys(routeSettings).length > 0)
      (this.stage.node.defaultChild as apigw.CfnStage).routeSettings = routeSettings;
  }
}
