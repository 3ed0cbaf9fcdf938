import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  CALL_NAME_PATTERN,
  CALL_PATH_PREFIX,
  HTTP_ROUTES,
  PUBLIC_CALLS,
  TRIGGERS,
  callNameFromModule,
  moduleFromCallName,
  type HttpRouteSpec,
  type TriggerSpec,
} from '@mapnest/lambdas/routes';
import { LAMBDAS_SRC } from './paths';

/** One HTTP route of a function, as API Gateway sees it. */
export interface RouteSpec {
  method: 'GET' | 'POST';
  path: string;
  /** 'jwt': behind the Cognito JWT authorizer (every callable); 'none': a public route. */
  auth: 'jwt' | 'none';
}

/** One Lambda the app provisions, derived from the handler sources and the lambdas manifest. */
export interface FunctionSpec {
  /** Stable id and bundle path, e.g. 'calls/save-map', 'http/health', 'triggers/thumbnail'. */
  id: string;
  kind: 'call' | 'http' | 'trigger';
  /** Module name under its folder, e.g. 'save-map'. */
  module: string;
  /** Absolute path of the handler source. */
  entry: string;
  /** For calls, the camelCase call name ('saveMap'). */
  callName?: string;
  routes: RouteSpec[];
  trigger?: TriggerSpec['source'];
  /** For scheduled triggers: the EventBridge schedule expression, 'rate(...)' or 'cron(...)'. */
  schedule?: string;
  /** For table-stream triggers: the event source mapping's filter pattern. */
  filter?: TriggerSpec['filter'];
}

export interface Manifest {
  functions: FunctionSpec[];
  /** Manifest entries whose handler file does not exist yet: not provisioned, reported as warnings. */
  missing: string[];
  /** Handler files in http/ or triggers/ that no manifest entry names: not provisioned, reported as warnings. */
  unlisted: string[];
}

export interface ManifestSources {
  srcDir?: string;
  httpRoutes?: readonly HttpRouteSpec[];
  triggers?: readonly TriggerSpec[];
  /** Call names open to signed-out callers (no JWT authorizer on their route). */
  publicCalls?: readonly string[];
}

const MODULE_FILE = /^([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\.ts$/;

/** Callable modules: every `calls/<kebab-name>.ts` except tests and declaration files. */
export function callModules(srcDir: string = LAMBDAS_SRC): string[] {
  const dir = join(srcDir, 'calls');
  if (!existsSync(dir)) return [];
  const modules: string[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith('.d.ts')) continue;
    const match = MODULE_FILE.exec(file);
    if (!match)
      throw new Error(`lambdas/src/calls/${file}: a callable module name must be kebab-case letters and digits.`);
    modules.push(match[1]!);
  }
  return modules;
}

/**
 * Everything to provision: one function per callable file (read from the folder, so a new call needs
 * no infra change to get its route and function), one per public HTTP module and one per trigger.
 */
export function readManifest(sources: ManifestSources = {}): Manifest {
  const srcDir = sources.srcDir ?? LAMBDAS_SRC;
  const publicCalls = new Set(sources.publicCalls ?? PUBLIC_CALLS);
  const functions: FunctionSpec[] = [];
  const missing: string[] = [];
  addCallFunctions(srcDir, publicCalls, functions, missing);
  addHttpFunctions(srcDir, sources.httpRoutes ?? HTTP_ROUTES, functions, missing);
  addTriggerFunctions(srcDir, sources.triggers ?? TRIGGERS, functions, missing);
  const unlisted = unlistedModules(srcDir, functions, missing);
  checkRoutesUnique(functions);
  return { functions, missing, unlisted };
}

/** One function per callable module, its route public when PUBLIC_CALLS names it. */
function addCallFunctions(
  srcDir: string,
  publicCalls: ReadonlySet<string>,
  functions: FunctionSpec[],
  missing: string[],
): void {
  for (const module of callModules(srcDir)) {
    const callName = callNameFromModule(module);
    if (!CALL_NAME_PATTERN.test(callName) || moduleFromCallName(callName) !== module) {
      throw new Error(
        `lambdas/src/calls/${module}.ts: '${callName}' does not map back to '${module}'; rename the module so its call name round-trips.`,
      );
    }
    functions.push({
      id: `calls/${module}`,
      kind: 'call',
      module,
      entry: join(srcDir, 'calls', `${module}.ts`),
      callName,
      routes: [
        { method: 'POST', path: `${CALL_PATH_PREFIX}${callName}`, auth: publicCalls.has(callName) ? 'none' : 'jwt' },
      ],
    });
  }
  for (const name of publicCalls) {
    if (!functions.some((fn) => fn.callName === name)) missing.push(`calls/${moduleFromCallName(name)} (PUBLIC_CALLS)`);
  }
}

/** One function per public HTTP module, with every route that names it. */
function addHttpFunctions(
  srcDir: string,
  httpRoutes: NonNullable<ManifestSources['httpRoutes']>,
  functions: FunctionSpec[],
  missing: string[],
): void {
  const httpByModule = new Map<string, RouteSpec[]>();
  for (const route of httpRoutes) {
    if (!route.path.startsWith('/api/') || route.path.startsWith(CALL_PATH_PREFIX)) {
      throw new Error(
        `HTTP route ${route.method} ${route.path}: public routes live under /api/ and outside ${CALL_PATH_PREFIX}.`,
      );
    }
    const routes = httpByModule.get(route.module) ?? [];
    routes.push({ method: route.method, path: route.path, auth: 'none' });
    httpByModule.set(route.module, routes);
  }
  for (const [module, routes] of httpByModule) {
    const entry = join(srcDir, 'http', `${module}.ts`);
    if (!existsSync(entry)) {
      missing.push(`http/${module}`);
      continue;
    }
    functions.push({ id: `http/${module}`, kind: 'http', module, entry, routes });
  }
}

/** One function per trigger whose module exists. */
function addTriggerFunctions(
  srcDir: string,
  triggers: NonNullable<ManifestSources['triggers']>,
  functions: FunctionSpec[],
  missing: string[],
): void {
  for (const trigger of triggers) {
    const entry = join(srcDir, 'triggers', `${trigger.module}.ts`);
    if (!existsSync(entry)) {
      missing.push(`triggers/${trigger.module}`);
      continue;
    }
    if (trigger.source === 'schedule' && !/^(rate|cron)\(.+\)$/.test(trigger.schedule ?? '')) {
      throw new Error(`Trigger ${trigger.module}: a scheduled trigger needs schedule: 'rate(...)' or 'cron(...)'.`);
    }
    // Unfiltered, every write to the table would invoke it.
    if (trigger.source === 'table-stream' && !trigger.filter) {
      throw new Error(`Trigger ${trigger.module}: a table-stream trigger needs a filter.`);
    }
    functions.push({
      id: `triggers/${trigger.module}`,
      kind: 'trigger',
      module: trigger.module,
      entry,
      routes: [],
      trigger: trigger.source,
      ...(trigger.source === 'schedule' ? { schedule: trigger.schedule } : {}),
      ...(trigger.source === 'table-stream' ? { filter: trigger.filter } : {}),
    });
  }
}

/** Handler modules present in the folders but named nowhere (not provisioned; the stack warns). */
function unlistedModules(srcDir: string, functions: readonly FunctionSpec[], missing: readonly string[]): string[] {
  const unlisted: string[] = [];
  for (const folder of ['http', 'triggers'] as const) {
    for (const module of handlerModules(srcDir, folder)) {
      if (!functions.some((fn) => fn.id === `${folder}/${module}`) && !missing.includes(`${folder}/${module}`))
        unlisted.push(`${folder}/${module}`);
    }
  }
  return unlisted;
}

function checkRoutesUnique(functions: readonly FunctionSpec[]): void {
  const keys = new Set<string>();
  for (const fn of functions) {
    for (const route of fn.routes) {
      const key = `${route.method} ${route.path}`;
      if (keys.has(key)) throw new Error(`Route ${key} is declared twice.`);
      keys.add(key);
    }
  }
}

/** Modules in a handler folder (tests and declaration files aside). */
function handlerModules(srcDir: string, folder: string): string[] {
  const dir = join(srcDir, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => f.slice(0, -3))
    .sort();
}
