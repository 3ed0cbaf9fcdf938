import { Duration, RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { ADMIN_GROUP, TOKEN_VALIDITY } from '@mapnest/shared/constants';
import type { StageConfig } from '../stages';
import { createUserPoolWebAcl } from './web-acl';

export interface AuthProps {
  stage: StageConfig;
  /**
   * The user pool's trigger function: CustomMessage (turns Cognito's codes into links to the app's /auth page, the
   * verification link with a one-time sign-in token), the three challenge triggers of the email-link sign-in
   * (ADR 036) and PostConfirmation (a password reset ends every session, ADR 079). One function for all five: they
   * share the table and the pool depends on it either way.
   */
  customMessage: IFunction;
  /** The app's origin, for OAuth redirects when Google sign-in is on. */
  appOrigin: string;
}

/** Cognito's hosted OAuth domain of a stage with Google sign-in (the SPA's CSP must allow it). */
export function oauthDomainFor(stage: StageConfig, region: string): string | undefined {
  return stage.google ? `${stage.google.cognitoDomainPrefix}.auth.${region}.amazoncognito.com` : undefined;
}

/**
 * The user pool: email sign-in and self sign-up, email verification whose code the custom message
 * trigger wraps into a link that also signs in (custom authentication with a one-time token, ADR 036), email
 * changes kept pending until verified, the administrators group, and one public app client (password, link and
 * refresh flows). Google is added only when the stage names it.
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  /** Hosted domain for OAuth (only with Google sign-in); the SPA's CSP must allow it. */
  readonly oauthDomain?: string;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { stage } = props;
    this.userPool = this.createUserPool(props);
    const google = this.addGoogle(stage);
    this.oauthDomain = oauthDomainFor(stage, Stack.of(this).region);
    this.client = this.addWebClient(props, google);
    if (google) this.client.node.addDependency(google);
    if (stage.waf) {
      // Stages with a web ACL on the API get one on the user pool too: Cognito's own DeleteUser is blocked there.
      const acl = createUserPoolWebAcl(this, 'UserPoolWebAcl', {
        stage,
        metricName: `mapnest-${stage.name}-user-pool`,
      });
      new wafv2.CfnWebACLAssociation(this, 'UserPoolWebAclAssociation', {
        resourceArn: this.userPool.userPoolArn,
        webAclArn: acl.attrArn,
      });
    }
  }

  /** The user pool: email sign-in, strong passwords, our email trigger, and the administrators' group. */
  private createUserPool(props: AuthProps): cognito.UserPool {
    const { stage } = props;
    const userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      // The new address stays unverified, and the old one in use, until the link in the email is followed.
      keepOriginal: { email: true },
      // CODE, not LINK: the trigger builds the link itself (to our /auth page) around the {####} code.
      userVerification: { emailStyle: cognito.VerificationEmailStyle.CODE },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OFF,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      email: stage.email
        ? cognito.UserPoolEmail.withSES({
            fromEmail: stage.email.from,
            fromName: stage.email.fromName,
            replyTo: stage.email.replyTo,
            sesVerifiedDomain: stage.email.sesVerifiedDomain,
          })
        : cognito.UserPoolEmail.withCognito(),
      lambdaTriggers: {
        customMessage: props.customMessage,
        // The email-link sign-in (ADR 036): one challenge, answered with the link's one-time token.
        defineAuthChallenge: props.customMessage,
        createAuthChallenge: props.customMessage,
        verifyAuthChallengeResponse: props.customMessage,
        // A completed password reset ends every other session of the account (ADR 079).
        postConfirmation: props.customMessage,
      },
      deletionProtection: stage.production,
      removalPolicy: stage.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'The product has no MFA enrolment screen; requiring MFA would lock every user out. Revisit with a TOTP enrolment flow.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Threat protection needs the Plus feature plan (per-MAU cost); Essentials with a strong password policy and email verification is the chosen baseline.',
      },
    );

    userPool.addGroup('Admins', {
      groupName: ADMIN_GROUP,
      description: 'Mapnest administrators: view as any user, edit any map.',
    });
    return userPool;
  }

  /** Google sign-in, when the stage configures it, with the hosted domain OAuth needs. */
  private addGoogle(stage: AuthProps['stage']): cognito.UserPoolIdentityProviderGoogle | undefined {
    if (!stage.google) return undefined;
    const google = new cognito.UserPoolIdentityProviderGoogle(this, 'Google', {
      userPool: this.userPool,
      clientId: stage.google.clientId,
      // A dynamic reference resolved by CloudFormation at deploy time: the secret never enters the template.
      clientSecretValue: SecretValue.secretsManager(stage.google.clientSecretName),
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: {
        email: cognito.ProviderAttribute.GOOGLE_EMAIL,
        emailVerified: cognito.ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
        fullname: cognito.ProviderAttribute.GOOGLE_NAME,
      },
    });
    this.userPool.addDomain('Domain', { cognitoDomain: { domainPrefix: stage.google.cognitoDomainPrefix } });
    return google;
  }

  /** The SPA's client: password and refresh-token auth, the attributes it may read and write, OAuth with Google. */
  private addWebClient(
    props: AuthProps,
    google: cognito.UserPoolIdentityProviderGoogle | undefined,
  ): cognito.UserPoolClient {
    return this.userPool.addClient('WebClient', {
      // USER_PASSWORD_AUTH (over TLS) rather than SRP: cognito-local, the local stack's emulator, lacks SRP,
      // and the same client code runs against both. CUSTOM_AUTH: the verification link's sign-in (ADR 036), whose
      // challenge triggers accept nothing but a live one-time token. Refresh-token auth is always on.
      authFlows: { userPassword: true, userSrp: false, custom: true },
      generateSecret: false,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(TOKEN_VALIDITY.idHours),
      accessTokenValidity: Duration.hours(TOKEN_VALIDITY.accessHours),
      refreshTokenValidity: Duration.days(TOKEN_VALIDITY.refreshDays),
      // ID tokens carry only attributes the client may read: picture is the avatar URL set by setAvatar.
      readAttributes: new cognito.ClientAttributes().withStandardAttributes({
        email: true,
        emailVerified: true,
        fullname: true,
        profilePicture: true,
      }),
      // Never email_verified (a client able to write it could claim any address) nor picture (set by the server
      // after it checked the upload).
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes({ email: true, fullname: true }),
      supportedIdentityProviders: google
        ? [cognito.UserPoolClientIdentityProvider.COGNITO, cognito.UserPoolClientIdentityProvider.GOOGLE]
        : [cognito.UserPoolClientIdentityProvider.COGNITO],
      ...(google
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
              callbackUrls: [`${props.appOrigin}/auth`],
              logoutUrls: [`${props.appOrigin}/`],
            },
          }
        : { disableOAuth: true }),
    });
  }
}
