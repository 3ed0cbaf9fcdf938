/**
 * Each language's texts (web/src/viewer/i18n/lang-*.ts) are a chunk the viewer downloads when a map shows that
 * language, and the embed's size budget counts the largest of them. Written as an object, a chunk carries its ~150
 * keys as well as its texts: about a third of its gzipped size, the same words in every chunk. This plugin packs the
 * object into the texts alone, in the order of the keys sorted, and `unpack` (../viewer/i18n/messages.ts) puts the keys
 * back from English's, which has the same ones (the `Messages` type makes every catalogue have exactly English's keys).
 * The source keeps the object, so the type check and the tests read it as written. The build fails on a catalogue of
 * another shape rather than ship it unpacked (ADR 107).
 */
import { parseSync, type ESTree, type Plugin } from 'vite';

const LANGUAGE_MODULE = /[\\/]viewer[\\/]i18n[\\/]lang-[a-z]{2}\.ts$/;

/**
 * `source` (a language module: `export const messages: Messages = { key: 'text', plural: { one: '…' }, … };`) with
 * the object replaced by `unpack([…texts in the keys' sorted order])`, and `unpack` imported. Throws when the module
 * is not of that shape: a key that is computed, spread, repeated or not a name, or a text that is not written out.
 */
export function packMessages(source: string, file: string): string {
  const fail = (why: string): never => {
    throw new Error(`${file}: ${why}; the language chunks are packed by ${import.meta.url}.`);
  };
  const { program, errors } = parseSync(file, source, { lang: 'ts' });
  if (errors.length) fail(`it does not parse (${errors[0]!.message})`);
  const catalogue = program.body
    .flatMap((s) =>
      s.type === 'ExportNamedDeclaration' && s.declaration?.type === 'VariableDeclaration'
        ? s.declaration.declarations
        : [],
    )
    .find((d) => d.id.type === 'Identifier' && d.id.name === 'messages');
  const object = catalogue?.init;
  if (object?.type !== 'ObjectExpression') return fail('it exports no `messages` object');
  const texts = new Map<string, string>();
  for (const p of object.properties) {
    const name = p.type === 'Property' && !p.computed ? keyName(p.key) : undefined;
    if (p.type !== 'Property' || p.method || p.shorthand || p.kind !== 'init' || name === undefined)
      return fail(`\`${source.slice(p.start, p.end).slice(0, 40)}\` is not a text`);
    if (texts.has(name)) fail(`\`${name}\` is there twice`);
    if (!isWritten(p.value)) fail(`\`${name}\` is not a text written out`);
    texts.set(name, source.slice(p.value.start, p.value.end));
  }
  const packed = [...texts.keys()]
    .sort()
    .map((k) => texts.get(k)!)
    .join(',');
  return (
    `import { unpack } from './messages';\n` +
    `${source.slice(0, object.start)}unpack([${packed}])${source.slice(object.end)}`
  );
}

/** A key written as a name or a string (`zoomIn`, `'zoomIn'`), or undefined. */
function keyName(key: ESTree.PropertyKey): string | undefined {
  if (key.type === 'Identifier') return key.name;
  return key.type === 'Literal' && typeof key.value === 'string' ? key.value : undefined;
}

/** A string literal, a template with no placeholders, or (`plural`) a plural's object of those. */
function isWritten(value: ESTree.Expression, plural = true): boolean {
  if (value.type === 'Literal') return typeof value.value === 'string';
  if (value.type === 'TemplateLiteral') return value.expressions.length === 0;
  return (
    plural &&
    value.type === 'ObjectExpression' &&
    value.properties.every(
      (p) =>
        p.type === 'Property' &&
        !p.computed &&
        p.kind === 'init' &&
        !p.method &&
        !p.shorthand &&
        isWritten(p.value, false),
    )
  );
}

export function packLanguageChunks(): Plugin {
  return {
    name: 'mapnest-pack-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!LANGUAGE_MODULE.test(id.split('?')[0]!)) return null;
      return { code: packMessages(code, id), map: null };
    },
  };
}
