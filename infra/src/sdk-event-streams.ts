import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * The AWS SDK's event-stream support (`@smithy/core/event-streams`, about 15 kB minified) is in every bundle that
 * sends a command (ADR 048): the S3 client builds its event-stream marshaller when it is created, and every protocol
 * loads the rest with a dynamic import that esbuild bundles in place. Only operations whose input or output is an
 * event stream use it (S3's SelectObjectContent, none of DynamoDB's, Cognito's or SES's), and no function sends one:
 * the bundles test checks that against the SDK's own types (eventStreamCommands).
 *
 * The bundles load this module in its place. It builds the client's configuration as the SDK's does; using a stream
 * throws, naming what was left out, so a function that came to need one would fail on its first try, loudly.
 */
export const NO_EVENT_STREAMS_SOURCE = `
const leftOut = () => {
  throw new Error("AWS SDK event streams are left out of this function's bundle (ADR 048); an operation that streams events cannot be sent from it.");
};
export const eventStreamSerdeProvider = () => ({ serialize: leftOut, deserialize: leftOut });
export const resolveEventStreamSerdeConfig = (input) =>
  Object.assign(input, { eventStreamMarshaller: input.eventStreamSerdeProvider(input) });
export class EventStreamSerde {
  constructor() {
    leftOut();
  }
}
`;

/** The module specifier the SDK loads its event-stream support by. */
const EVENT_STREAMS = /^@smithy\/core\/event-streams$/;

/** The esbuild plugin that loads NO_EVENT_STREAMS_SOURCE for `@smithy/core/event-streams`. */
export const noSdkEventStreams: Plugin = {
  name: 'mapnest-no-sdk-event-streams',
  setup(build) {
    build.onResolve({ filter: EVENT_STREAMS }, () => ({
      path: 'event-streams',
      namespace: 'mapnest-no-event-streams',
    }));
    build.onLoad({ filter: /.*/, namespace: 'mapnest-no-event-streams' }, () => ({
      contents: NO_EVENT_STREAMS_SOURCE,
      loader: 'js',
    }));
  },
};

/**
 * The commands of an SDK client whose input or output is an event stream: those whose request or response shape has
 * a member typed `AsyncIterable<…>` in the client's published types (`dist-types/models/*.d.ts`).
 */
export function eventStreamCommands(clientDir: string): string[] {
  const modelsDir = join(clientDir, 'dist-types', 'models');
  const commands = new Set<string>();
  for (const file of readdirSync(modelsDir).filter((f) => f.endsWith('.d.ts'))) {
    const source = readFileSync(join(modelsDir, file), 'utf8');
    for (const m of source.matchAll(/^export interface (\w+?)(?:Request|Input|Output) \{([\s\S]*?)^\}/gm))
      if (/:\s*AsyncIterable</.test(m[2]!)) commands.add(`${m[1]}Command`);
  }
  return [...commands].sort();
}
