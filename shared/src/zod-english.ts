/**
 * zod's mini build with classic's English messages. Classic loads the English locale by itself; mini does not,
 * so this module sets it once, and every schema module imports a value from it (`says`): `shared` is marked
 * `"sideEffects": false`, under which a bare `import './zod-english'` would be dropped by the bundlers, and the
 * locale with it (ADR 042, ADR 043). The locale is imported by name: the whole `locales` namespace costs 260 kB.
 */
import { config } from 'zod/mini';
import { en } from 'zod/v4/locales';

config(en());

/** A schema's own message, as the `error` parameter of a zod constructor or check. */
export const says = (message: string) => ({ error: message });
