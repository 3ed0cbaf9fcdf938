import { createServer } from 'node:net';

/** A port that was free a moment ago on 127.0.0.1, for emulators that insist on being told one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Resolves once `probe` succeeds, polling every `intervalMs`; rejects with the last error after `timeoutMs`. */
export async function waitFor(
  probe: () => Promise<unknown>,
  what: string,
  timeoutMs = 30_000,
  intervalMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      await probe();
      return;
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
  throw new Error(
    `${what} did not become ready within ${timeoutMs} ms: ${last instanceof Error ? last.message : String(last)}`,
  );
}
