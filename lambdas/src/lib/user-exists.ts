/**
 * Whether the user pool has a user with this id, for calls that name a user in their input (adminUpdateMap's new
 * owner). The look-up is the view-as module's (./view-as.ts), loaded on demand as lib/callable.ts loads it: in a bundle
 * the specifier is `./view-as.mjs`, a file of its own (ADR 042), so such a call carries no user pool API of its own.
 */
/** A variable, not a literal in the import: esbuild would otherwise fold the two and try to bundle the file. */
const VIEW_AS_MODULE = process.env.MAPNEST_VIEW_AS_MODULE ?? './view-as';

export async function userExists(uid: string): Promise<boolean> {
  const lookUps = (await import(/* @vite-ignore */ VIEW_AS_MODULE)) as typeof import('./view-as');
  return lookUps.userExists(uid);
}

/**
 * Whether the user is an administrator, from the user pool's groups, through the same on-demand module: for work that
 * has no administrator's token to read it from (the recount of an account's slots, domain/billing.ts).
 */
export async function isAdministrator(uid: string): Promise<boolean> {
  const lookUps = (await import(/* @vite-ignore */ VIEW_AS_MODULE)) as typeof import('./view-as');
  return lookUps.isAdministrator(uid);
}
