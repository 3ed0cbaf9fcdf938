/** The local gateway refuses what Lambda behind API Gateway would: a request whose event is over 6 MB. */
import { describe, expect, it } from 'vitest';
import { createUser, rawCall } from '../helpers/stack';

describe('Lambda payload limit', () => {
  it('answers 413 to a call body over 6 MB, which never reaches the handler', async () => {
    const user = await createUser();
    const body = JSON.stringify({ data: { title: 'x'.repeat(6.5 * 1024 * 1024) } });
    const answer = await rawCall('createMap', null, { token: user.token, body });
    expect(answer.status).toBe(413);
    // Just under the limit the handler answers (here: the title is too long).
    expect(
      (
        await rawCall('createMap', null, {
          token: user.token,
          body: JSON.stringify({ data: { title: 'x'.repeat(5 * 1024 * 1024) } }),
        })
      ).status,
    ).toBe(400);
  });
});
