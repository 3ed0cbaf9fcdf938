import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { StageConfig } from '../stages';

/** Id of the S3 request-metrics filter covering a whole bucket (the FilterId dimension of its metrics). */
export const REQUEST_METRICS_FILTER = 'EntireBucket';

export interface StorageProps {
  stage: StageConfig;
  /**
   * Browser origins allowed to POST presigned uploads and GET presigned downloads (uploads, and map
   * documents, which the editor fetches with a presigned GET). Without a custom
   * domain the app's origin is the distribution's generated name, which the buckets cannot reference
   * (the distribution already references them), so '*' is used: a presigned URL is itself the
   * credential, and CORS only decides which pages may read the answer.
   */
  corsOrigins: string[];
}

/** Days a replaced or deleted upload stays restorable on a production stage. */
export const UPLOADS_NONCURRENT_DAYS = 30;

/**
 * The buckets. All private (block public access, bucket-owner objects, TLS only, SSE-S3); CloudFront
 * reads the public, uploads and SPA buckets through Origin Access Control. Access logs go to one log bucket.
 */
export class Storage extends Construct {
  /** Map document versions, maps/{id}/vNNNNNNNN.json; versioned so an overwrite or delete can be undone. */
  readonly documents: s3.Bucket;
  /** User files {uid}/..., avatars and thumbnails; served read-only at /files/* by unguessable key. */
  readonly uploads: s3.Bucket;
  /** Published map JSON, maps/{id}.json, served at /data/*. */
  readonly publicData: s3.Bucket;
  /** The built web app. */
  readonly spa: s3.Bucket;
  /** S3 server access logs and CloudFront standard logs. */
  readonly logs: s3.Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    const { stage } = props;
    const removal = stage.production
      ? { removalPolicy: RemovalPolicy.RETAIN }
      : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true };
    const secure = {
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    };

    this.logs = new s3.Bucket(this, 'Logs', {
      ...secure,
      ...removal,
      // CloudFront standard logging writes with an ACL, so this bucket alone keeps ACLs enabled.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        { expiration: Duration.days(stage.accessLogDays), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
    Validations.of(this.logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would loop.',
    });

    const common = (name: string): s3.BucketProps => ({
      ...secure,
      ...removal,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: `s3/${name}/`,
    });

    this.documents = new s3.Bucket(this, 'Documents', {
      ...common('documents'),
      versioned: true,
      // The editor loads a map's document straight from S3 with the presigned URL getMap returns.
      cors: [
        {
          allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedOrigins: props.corsOrigins,
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        {
          noncurrentVersionExpiration: Duration.days(stage.production ? 90 : 7),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
    });

    this.uploads = new s3.Bucket(this, 'Uploads', {
      ...common('uploads'),
      cors: [
        {
          allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD, s3.HttpMethods.POST, s3.HttpMethods.PUT],
          allowedOrigins: props.corsOrigins,
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      // Versioned, so an overwritten or deleted upload (a map's floor plan, an avatar) can be restored for a while
      // (docs/deploy.md, restoring a bucket object); older versions expire.
      versioned: true,
      lifecycleRules: [
        {
          noncurrentVersionExpiration: Duration.days(stage.production ? UPLOADS_NONCURRENT_DAYS : 7),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
    });

    this.publicData = new s3.Bucket(this, 'PublicData', common('public'));
    this.spa = new s3.Bucket(this, 'Spa', common('spa'));
    // S3 request metrics (5xxErrors among them) on the origins of /data and /m: CloudFront's own metrics are per
    // distribution, so these tell which path's origin fails (alarmed in monitoring.ts).
    for (const bucket of [this.publicData, this.spa]) bucket.addMetric({ id: REQUEST_METRICS_FILTER });
  }
}
