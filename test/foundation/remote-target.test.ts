/** The suite can run against a deployment instead of the local stack: its coordinates come from the environment. */
import { describe, expect, it } from 'vitest';
import { remoteTarget } from '../global-setup';

const DEPLOYMENT = {
  MAPNEST_TEST_BASE_URL: 'https://dev.maps.example.com/',
  AWS_REGION: 'eu-west-1',
  USER_POOL_ID: 'eu-west-1_Abc',
  USER_POOL_CLIENT_ID: 'client',
  TABLE_NAME: 'Mapnest-dev-Table',
  DOCUMENTS_BUCKET: 'docs',
  PUBLIC_BUCKET: 'pub',
  UPLOADS_BUCKET: 'up',
  MAPNEST_TEST_ADMIN_EMAIL: 'admin@example.com',
  MAPNEST_TEST_ADMIN_PASSWORD: 'pw',
  MAPNEST_TEST_ADMIN_UID: '00000000-0000-4000-8000-000000000001',
};

describe('test target', () => {
  it('is the local stack unless MAPNEST_TEST_BASE_URL names a deployment', () => {
    expect(remoteTarget({})).toBeNull();
  });

  it('reads a deployment (AWS: no endpoints) from the environment', () => {
    const t = remoteTarget(DEPLOYMENT)!;
    expect(t.baseUrl).toBe('https://dev.maps.example.com');
    expect(t.stackEnv).toMatchObject({
      AWS_REGION: 'eu-west-1',
      USER_POOL_ID: 'eu-west-1_Abc',
      TABLE_NAME: 'Mapnest-dev-Table',
      AWS_ENDPOINT_URL_S3: '',
    });
    expect(t.admin.uid).toBe('00000000-0000-4000-8000-000000000001');
  });

  it('points every service at LocalStack when AWS_ENDPOINT_URL is set', () => {
    const t = remoteTarget({ ...DEPLOYMENT, AWS_ENDPOINT_URL: 'http://localhost:4566' })!;
    expect([
      t.stackEnv.AWS_ENDPOINT_URL_S3,
      t.stackEnv.AWS_ENDPOINT_URL_DYNAMODB,
      t.stackEnv.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
    ]).toEqual(Array(3).fill('http://localhost:4566'));
  });

  it('names the variable that is missing', () => {
    expect(() => remoteTarget({ ...DEPLOYMENT, TABLE_NAME: '' })).toThrow(/TABLE_NAME/);
  });
});
