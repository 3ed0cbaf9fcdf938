import { describe, expect, it } from 'vitest';
import { isAdminClaims, sessionFromClaims, signInAgeMs, signInMethods, userFromClaims } from './claims';

const claims = {
  sub: 'user-1',
  email: 'ada@example.com',
  email_verified: true,
  name: 'Ada Lovelace',
  picture: '/files/user-1/.avatar.png?v=1',
  auth_time: 1_700_000_000,
  'cognito:groups': ['admins'],
};

describe('session from ID token claims', () => {
  it('fills the session user', () => {
    expect(userFromClaims(claims)).toEqual({
      uid: 'user-1',
      email: 'ada@example.com',
      displayName: 'Ada Lovelace',
      photoURL: '/files/user-1/.avatar.png?v=1',
      emailVerified: true,
      metadata: { lastSignInTime: new Date(1_700_000_000_000).toUTCString() },
    });
    expect(userFromClaims({ sub: 'u', email_verified: 'false' })).toMatchObject({
      email: null,
      displayName: null,
      photoURL: null,
      emailVerified: false,
    });
  });

  it('reads the admin claim from the administrators group', () => {
    expect(isAdminClaims(claims)).toBe(true);
    expect(isAdminClaims({ ...claims, 'cognito:groups': ['editors'] })).toBe(false);
    expect(isAdminClaims({ sub: 'u' })).toBe(false);
  });

  it('simulates the stored user for an administrator', () => {
    const s = sessionFromClaims(claims, 'someone-else');
    expect(s).toMatchObject({
      userId: 'someone-else',
      isUserSimulated: true,
      admin: true,
      init: true,
      maps: [],
      mapsLoaded: false,
    });
    expect(s.user?.uid).toBe('user-1');
  });

  it('never simulates for a non-administrator, nor for an administrator without a stored id', () => {
    expect(sessionFromClaims({ ...claims, 'cognito:groups': [] }, 'someone-else')).toMatchObject({
      userId: 'user-1',
      isUserSimulated: false,
      admin: false,
    });
    expect(sessionFromClaims(claims, null)).toMatchObject({ userId: 'user-1', isUserSimulated: false, admin: true });
    expect(sessionFromClaims(claims, 'user-1')).toMatchObject({ isUserSimulated: false });
  });

  it('measures the age of the sign-in and names the sign-in methods', () => {
    expect(signInAgeMs(claims, 1_700_000_060_000)).toBe(60_000);
    expect(signInAgeMs({ sub: 'u' })).toBe(Number.POSITIVE_INFINITY);
    expect(signInMethods(claims)).toEqual({ withPassword: true, withGoogle: false });
    expect(signInMethods({ ...claims, identities: [{ providerName: 'Google' }] })).toEqual({
      withPassword: false,
      withGoogle: true,
    });
  });
});
