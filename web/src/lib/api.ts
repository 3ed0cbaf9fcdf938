/**
 * The app's one call client. Authentication plugs in its token and view-as providers at start-up
 * (`setCallAuth`), so every feature calls the API the same way: `call('listMaps')`.
 */
import { createCallClient } from './call';

let idToken: () => Promise<string | null> = async () => null;
let viewAs: () => string | null = () => null;

/**
 * Connects the call client to the signed-in session: the ID token provider and the administrator's view-as id.
 * Pass {} on sign-out.
 */
export function setCallAuth(providers: {
  getIdToken?: () => Promise<string | null>;
  getViewAs?: () => string | null;
}): void {
  idToken = providers.getIdToken ?? (async () => null);
  viewAs = providers.getViewAs ?? (() => null);
}

export const call = createCallClient({ getIdToken: () => idToken(), getViewAs: () => viewAs() });
