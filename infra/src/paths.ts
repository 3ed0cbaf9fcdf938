import { resolve } from 'node:path';

/** The repository root: infra/src/ sits two levels below it. */
export const REPO_ROOT = resolve(import.meta.dirname, '../..');
/** Handler sources, laid out as lambdas/src/{calls,http,triggers}/<module>.ts. */
export const LAMBDAS_SRC = resolve(REPO_ROOT, 'lambdas/src');
/** Where `npm run build` leaves the SPA and the embed page. */
export const WEB_DIST = resolve(REPO_ROOT, 'web/dist');
