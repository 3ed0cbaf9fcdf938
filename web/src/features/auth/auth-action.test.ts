import { describe, expect, it } from 'vitest';
import { parseAuthAction, withoutSignInToken } from './auth-action';

describe('/auth links', () => {
  it('reads the three link modes the custom message trigger builds', () => {
    expect(parseAuthAction('?mode=verifyEmail&email=a%40b.c&code=123456')).toEqual({
      kind: 'verifyEmail',
      email: 'a@b.c',
      code: '123456',
      signInToken: null,
    });
    expect(parseAuthAction('?mode=resetPassword&email=a%40b.c&code=123456')).toEqual({
      kind: 'resetPassword',
      email: 'a@b.c',
      code: '123456',
    });
    expect(parseAuthAction('?mode=verifyAndChangeEmail&email=a%40b.c&code=654321')).toEqual({
      kind: 'verifyAndChangeEmail',
      email: 'a@b.c',
      code: '654321',
    });
  });
  it("reads a verification link's sign-in token, ignoring a malformed one", () => {
    const token = 'AbC-_0123456789abcdefghijklmnopqrstuvwxyzAB';
    expect(token).toHaveLength(43);
    expect(parseAuthAction(`?mode=verifyEmail&email=a%40b.c&token=${token}&code=123456`)).toEqual({
      kind: 'verifyEmail',
      email: 'a@b.c',
      code: '123456',
      signInToken: token,
    });
    for (const bad of ['short', `${token}x`, `${token.slice(0, 42)}%2F`, ''])
      expect(parseAuthAction(`?mode=verifyEmail&email=a%40b.c&token=${bad}&code=123456`)).toMatchObject({
        kind: 'verifyEmail',
        signInToken: null,
      });
    // Only the verification link signs in: a token in any other link is not read.
    expect(parseAuthAction(`?mode=resetPassword&email=a%40b.c&token=${token}&code=123456`)).not.toHaveProperty(
      'signInToken',
    );
    expect(withoutSignInToken(`?mode=verifyEmail&email=a%40b.c&token=${token}&code=123456`)).toBe(
      '?mode=verifyEmail&email=a%40b.c&code=123456',
    );
  });
  it('recognises the return from Google sign-in', () => {
    expect(parseAuthAction('?code=abc&state=xyz')).toEqual({ kind: 'oauth' });
  });
  it('calls anything else invalid: no mode, an unknown mode, no code, a verification without email', () => {
    for (const search of [
      '',
      '?mode=verifyEmail&code=123456',
      '?mode=nope&email=a%40b&code=123456',
      '?mode=resetPassword&email=a%40b',
      '?mode=verifyEmail&email=a%40b&code=%3Cscript%3E',
    ]) {
      expect(parseAuthAction(search)).toEqual({ kind: 'invalid' });
    }
  });
});
