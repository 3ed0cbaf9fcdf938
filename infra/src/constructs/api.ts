import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { VIEW_AS_HEADER } from '@mapnest/lambdas/lib/identity';
import type { StageConfig } from '../stages';
import type { MapnestFunction } from './mapnest-function';

export interface ApiProps {
  stage: StageConfig;
  userPool: IUserPool;
  client: IUserPoolClient;
  /** Origins allowed by CORS; empty means same-origin only (the SPA reaches /api through CloudFront). */
  corsOrigins: string[];
}

/**
 * The HTTP API: every route sits behind the Cognito JWT authorizer (ID tokens of the web client) unless
 * the manifest declares it public; stage-wide throttling and JSON access logs.
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly accessLogs: logs.LogGroup;
  private readonly authorizer: HttpJwtAuthorizer;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const region = Stack.of(this).region;
    this.authorizer = new HttpJwtAuthorizer(
      'CognitoJwt',
      `https://cognito-idp.${region}.amazonaws.com/${props.userPool.userPoolId}`,
      {
        jwtAudience: [props.client.userPoolClientId],
        identitySource: ['$request.header.Authorization'],
      },
    );

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: `Mapnest ${props.stage.name} API`,
      createDefaultStage: false,
      // Routes are private by default: a public route has to say so.
      defaultAuthorizer: this.authorizer,
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

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.stage.logRetention,
      removalPolicy: props.stage.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
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
  }

  /** The routes the manifest gives this function: JWT-protected, or explicitly public. */
  addFunction(fn: MapnestFunction): void {
    const integration = new HttpLambdaIntegration(`${fn.node.id}Integration`, fn.function);
    for (const route of fn.spec.routes) {
      const [created] = this.httpApi.addRoutes({
        path: route.path,
        methods: [route.method === 'GET' ? apigw.HttpMethod.GET : apigw.HttpMethod.POST],
        integration,
        authorizer: route.auth === 'jwt' ? this.authorizer : new apigw.HttpNoneAuthorizer(),
      });
      if (route.auth === 'none' && created) {
        Validations.of(created).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is public by design (lambdas/src/routes.ts HTTP_ROUTES or PUBLIC_CALLS): health checks, the contact form, the analytics beacon and the Stripe webhook (verified by its signature) are called without a user token.`,
        });
      }
    }
  }

  /** The API's execute-api host name, for CloudFront's /api/* origin. */
  get domainName(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
