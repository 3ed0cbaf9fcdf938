/**
 * First-start seed data: an administrator account (its password generated once, kept in the data dir and
 * printed at start-up). Idempotent: running it again changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  GetGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '@mapnest/shared/constants';

export interface SeedResult {
  admin: { email: string; password: string; uid: string };
}

export const ADMIN_EMAIL = 'admin@mapnest.local';

export async function seedUsers(opts: {
  dataDir: string;
  cognitoEndpoint: string;
  userPoolId: string;
  region: string;
}): Promise<SeedResult> {
  const file = path.join(opts.dataDir, 'seed.json');
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<SeedResult>) : {};
  const password = saved.admin?.password ?? `Mn-${randomBytes(9).toString('base64url')}9a`;
  const cognito = new CognitoIdentityProviderClient({
    endpoint: opts.cognitoEndpoint,
    region: opts.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await cognito.send(new GetGroupCommand({ UserPoolId: opts.userPoolId, GroupName: ADMIN_GROUP })).catch(() =>
      cognito.send(
        new CreateGroupCommand({
          UserPoolId: opts.userPoolId,
          GroupName: ADMIN_GROUP,
          Description: 'Mapnest administrators',
        }),
      ),
    );
    let uid: string | undefined;
    try {
      const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: opts.userPoolId, Username: ADMIN_EMAIL }));
      uid = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
    } catch {
      const created = await cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: opts.userPoolId,
          Username: ADMIN_EMAIL,
          MessageAction: 'SUPPRESS',
          TemporaryPassword: password,
          UserAttributes: [
            { Name: 'email', Value: ADMIN_EMAIL },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'name', Value: 'Mapnest Admin' },
          ],
        }),
      );
      uid = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
      await cognito.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: opts.userPoolId,
          Username: ADMIN_EMAIL,
          Password: password,
          Permanent: true,
        }),
      );
    }
    await cognito.send(
      new AdminAddUserToGroupCommand({ UserPoolId: opts.userPoolId, Username: ADMIN_EMAIL, GroupName: ADMIN_GROUP }),
    );
    if (!uid) throw new Error('the seeded administrator has no sub');
    const result: SeedResult = { admin: { email: ADMIN_EMAIL, password, uid } };
    writeFileSync(file, JSON.stringify(result, null, 2));
    return result;
  } finally {
    cognito.destroy();
  }
}
