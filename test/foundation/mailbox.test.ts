import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { baseUrl, cognito, rawCall, signIn } from '../helpers/stack';

interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

describe('sign-up emails in the dev mailbox', () => {
  it('sends a verification link that confirms the account', async () => {
    const email = `new-${Date.now()}@example.com`;
    const password = 'A-long-password-1';
    await cognito().send(
      new SignUpCommand({
        ClientId: inject('stackEnv').USER_POOL_CLIENT_ID,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: 'New Person' },
        ],
      }),
    );
    const mails = (await (await fetch(`${baseUrl()}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as Mail[];
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Verify your email for Mapnest');
    const link = new URL(mail.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${baseUrl()}/auth`);
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    expect(link.searchParams.get('email')).toBe(email);
    const code = link.searchParams.get('code')!;
    expect(code).toMatch(/^\d{6}$/);

    await cognito().send(
      new ConfirmSignUpCommand({
        ClientId: inject('stackEnv').USER_POOL_CLIENT_ID,
        Username: email,
        ConfirmationCode: code,
      }),
    );
    const token = await signIn(email, password);
    const profile = await rawCall('getProfile', null, { token });
    expect(profile.body).toMatchObject({ data: { email, emailVerified: true, name: 'New Person' } });
  });

  it('shows the mailbox as a page', async () => {
    const res = await fetch(`${baseUrl()}/_dev/mail`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Dev mailbox');
  });
});
