/**
 * The app's one call client. Authentication plugs in its token and view-as providers at start-up
 * (`setCallAuth`), so every feature calls the API the same way: `call('listMaps')`.
 */
import type { CallError } from '@mapnest/shared/errors';
import { createCallClient } from './call';

let idToken: () => Promise<string | null> = async () => null;
let viewAs: () => string | null = () => null;
let unauthenticated: (error: CallError) => void = () => undefined;

/**
 * Connects the call client to the signed-in session: the ID token provider, the administrator's view-as id, and
 * what to do when the server refuses the session (401). Pass {} on sign-out.
 */
export function setCallAuth(providers: {
  getIdToken?: () => Promise<string | null>;
  getViewAs?: () => string | null;
  onUnauthenticated?: (error: CallError) => void;
}): void {
  idToken = providers.getIdToken ?? (async () => null);
  viewAs = providers.getViewAs ?? (() => null);
  unauthenticated = providers.onUnauthenticated ?? (() => undefined);
}

export const call = createCallClient({
  getIdToken: () => idToken(),
  getViewAs: () => viewAs(),
  onUnauthenticated: (error) => unauthenticated(error),
});
