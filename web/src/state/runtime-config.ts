/**
 * The deployment settings the SPA reads from /config.json at start (written by the local gateway and
 * by the CDK deployment next to the build). Public pages never wait for it; auth code awaits
 * `getRuntimeConfig()` before talking to Cognito. main.tsx starts the fetch through a dynamic import,
 * so this module and zod stay out of the first chunk.
 */
import * as z from 'zod/mini';
import { says } from '@mapnest/shared/zod-english';

export const RUNTIME_CONFIG_PATH = '/config.json';

const nonEmpty = () =>
  /* @__PURE__ */ z
    .string()
    .check(/* @__PURE__ */ z.trim())
    .check(/* @__PURE__ */ z.minLength(1, /* @__PURE__ */ says('must not be empty')));

export const runtimeConfigSchema = /* @__PURE__ */ z.object({
  stage: nonEmpty(),
  region: nonEmpty(),
  userPoolId: nonEmpty(),
  userPoolClientId: nonEmpty(),
  /** Set locally (cognito-local) or for a custom endpoint; absent means the AWS default. */
  cognitoEndpoint: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.url()),
  googleSignIn: /* @__PURE__ */ z.boolean(),
  /** The Cognito hosted domain for OAuth (Google sign-in); needed only when googleSignIn is true. */
  oauthDomain: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.trim()).check(/* @__PURE__ */ z.minLength(1)),
  ),
  /** The business that runs this deployment, as the legal pages name it (infra/src/stages.ts `operator`). */
  operator: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.object({ name: nonEmpty(), address: nonEmpty(), jurisdiction: nonEmpty() }),
  ),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export class RuntimeConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuntimeConfigError';
  }
}

/** Validates parsed JSON, throwing a RuntimeConfigError that names every bad field. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(value);
  if (result.success) return result.data;
  const fields = result.error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
  throw new RuntimeConfigError(`Invalid ${RUNTIME_CONFIG_PATH}: ${fields}`);
}

/** Fetches and validates the runtime config. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = (...args) => fetch(...args)): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(RUNTIME_CONFIG_PATH, { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch (err) {
    throw new RuntimeConfigError(
      `Could not load ${RUNTIME_CONFIG_PATH}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (!response.ok) throw new RuntimeConfigError(`Could not load ${RUNTIME_CONFIG_PATH}: HTTP ${response.status}`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new RuntimeConfigError(`Invalid ${RUNTIME_CONFIG_PATH}: not JSON`);
  }
  return parseRuntimeConfig(json);
}

let pending: Promise<RuntimeConfig> | null = null;

/** The runtime config, fetched once per page load; a failed load is retried on the next call. */
export function getRuntimeConfig(fetchImpl?: typeof fetch): Promise<RuntimeConfig> {
  if (!pending) {
    pending = loadRuntimeConfig(fetchImpl).catch((err: unknown) => {
      pending = null;
      throw err;
    });
  }
  return pending;
}
