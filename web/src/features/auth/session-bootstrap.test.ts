import { describe, expect, it } from 'vitest';
import { hasStoredSession } from './session-bootstrap';

const storage = (keys: string[]) => ({ length: keys.length, key: (i: number) => keys[i] ?? null });

describe('hasStoredSession', () => {
  it('finds the key Amplify keeps while a user is signed in', () => {
    expect(hasStoredSession(storage(['x', 'CognitoIdentityServiceProvider.client1.LastAuthUser']))).toBe(true);
  });
  it('is false without it, so anonymous visitors never load Amplify', () => {
    expect(hasStoredSession(storage(['mapnest.viewAs', 'CognitoIdentityServiceProvider.client1.user.idToken']))).toBe(
      false,
    );
    expect(hasStoredSession(storage([]))).toBe(false);
    expect(hasStoredSession(null)).toBe(false);
  });
});
