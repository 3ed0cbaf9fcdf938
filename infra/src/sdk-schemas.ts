import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/**
 * The AWS SDK clients' schema tables (`@aws-sdk/client-<service>/dist-es/schemas/schemas_<n>.js`) describe every
 * operation of the service, one `export var` per shape, so a bundle could keep only the shapes its commands reach.
 * esbuild keeps them all (ADR 044): a shape's traits are written with computed keys (`{ [_hH]: _xavi }`, where
 * `const _hH = "httpHeader"`), and a computed key counts as a side effect unless it is a literal (converting a key
 * to a string can run code); list shapes are written `64 | 0`, which esbuild does not fold either. So every shape
 * of the S3 client (about 1,300 of them, 66 kB minified) was in every bundle that sends one S3 command.
 *
 * pureSchemaSource writes those keys as the string literals their constants hold and folds the `a | b` of two
 * integer literals: the same values, which esbuild can then drop when nothing uses them. The SDK's own tables are
 * not changed on disk; the local stack and the tests load them as published.
 */
export function pureSchemaSource(source: string): string {
  const strings = new Map<string, string>();
  for (const m of source.matchAll(/^const (\w+) = ("(?:[^"\\\n]|\\.)*");$/gm)) strings.set(m[1]!, m[2]!);
  return source
    .replace(/\[(\w+)\]:/g, (key, name: string) => {
      const value = strings.get(name);
      // A literal "__proto__" key sets the prototype where the computed one makes a property: that one stays.
      return value === undefined || value === '"__proto__"' ? key : `${value}:`;
    })
    .replace(/^((?:export )?var \w+ = )(\d+) \| (\d+);$/gm, (_, head: string, a: string, b: string) => {
      return `${head}${Number(a) | Number(b)};`;
    });
}

/** The files pureSchemaSource applies to. */
export const SDK_SCHEMA_FILE = /[\\/]@aws-sdk[\\/]client-[^\\/]+[\\/]dist-es[\\/]schemas[\\/]schemas_\d+\.js$/;

/** The esbuild plugin that loads every SDK client's schema tables through pureSchemaSource. */
export const pureSdkSchemas: Plugin = {
  name: 'mapnest-pure-sdk-schemas',
  setup(build) {
    build.onLoad({ filter: SDK_SCHEMA_FILE }, async (args) => ({
      contents: pureSchemaSource(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
