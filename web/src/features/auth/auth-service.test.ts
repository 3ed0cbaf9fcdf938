import { afterEach, describe, expect, it, vi } from 'vitest';
import { Hub } from 'aws-amplify/utils';
import { watchRefusedRenewals } from './auth-service';

/** A failed renewal as Amplify announces it (TokenOrchestrator.handleErrors). */
const renewalFails = (name: string) =>
  Hub.dispatch('auth', { event: 'tokenRefresh_failure', data: { error: Object.assign(new Error(name), { name }) } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('watchRefusedRenewals', () => {
  it('tells of a renewal Cognito refused, after which Amplify drops the session, and of nothing else', () => {
    // Dispatching on Amplify's own channel from outside warns: expected here.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refused = vi.fn();
    watchRefusedRenewals(refused);
    renewalFails('NetworkError');
    renewalFails('TooManyRequestsException');
    renewalFails('InternalErrorException');
    Hub.dispatch('auth', { event: 'tokenRefresh' });
    expect(refused).not.toHaveBeenCalled();
    renewalFails('NotAuthorizedException');
    renewalFails('UserNotFoundException');
    expect(refused).toHaveBeenCalledTimes(2);
  });

  it('tells only the last listener given', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = vi.fn();
    const second = vi.fn();
    watchRefusedRenewals(first);
    watchRefusedRenewals(second);
    renewalFails('NotAuthorizedException');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
