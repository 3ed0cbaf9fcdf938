/** What the tests of Mapnest's own AWS requests (s3-api, user-pool-api) share. */
import { timing } from './aws-request';

/** The error a request fails with (a success fails the test). */
export type Failure = Error & { $metadata: { httpStatusCode?: number }; code?: string };
export const failure = (request: Promise<unknown>) =>
  request.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => e as Failure,
  );

/** Retries without their waits: answers the waits asked for, in order. */
export const noWait = () => {
  const waits: number[] = [];
  timing.sleep = (ms) => (waits.push(ms), Promise.resolve());
  return waits;
};
