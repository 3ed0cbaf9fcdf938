/** Runtime configuration of the handlers, read once from the environment the CDK app (or local stack) sets. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

export const config = {
  get tableName() {
    return required('TABLE_NAME');
  },
  get documentsBucket() {
    return required('DOCUMENTS_BUCKET');
  },
  get publicBucket() {
    return required('PUBLIC_BUCKET');
  },
  get uploadsBucket() {
    return required('UPLOADS_BUCKET');
  },
  get userPoolId() {
    return required('USER_POOL_ID');
  },
  /** Origin of the web app, used in links the product sends (emails, payment return URLs). */
  get appOrigin() {
    return process.env.APP_ORIGIN ?? 'http://localhost:8080';
  },
  /** Where browsers reach S3 for presigned requests, when that differs from the SDK's endpoint (local stack). */
  get s3PublicEndpoint() {
    return process.env.S3_PUBLIC_ENDPOINT;
  },
  get region() {
    return process.env.AWS_REGION ?? 'us-east-1';
  },
};
