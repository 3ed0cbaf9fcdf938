/**
 * One spelling of "license" in everything a customer reads: the specification's (American English, "license" for
 * noun and verb). Every string and JSX text of the web app, the shared texts and the Lambdas (emails, errors) is read
 * with the TypeScript parser; comments, identifiers and tests are not user-facing and are left alone, and so are log
 * lines and metric names, which only operators read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const SOURCES = ['web/src', 'shared/src', 'lambdas/src'];
const BRITISH = /licen[c]e/i;
/** Calls whose text only operators read. */
const OPERATORS_ONLY = /^(logger\.\w+|recordMetric)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|fixtures?)\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** Whether `node` is inside an argument of a log call or a metric, or is an HTTP header of a server-side request. */
function forOperators(node: ts.Node, file: ts.SourceFile): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isCallExpression(at) && OPERATORS_ONLY.test(at.expression.getText(file))) return true;
    if (ts.isPropertyAssignment(at) && at.name.getText(file).replace(/['"]/g, '') === 'user-agent') return true;
  }
  return false;
}

/** The user-facing texts of a file that spell it "licence": 'path:line: text'. */
function britishTexts(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const literal =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node);
    if (literal && BRITISH.test(node.text) && !forOperators(node, file)) {
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      found.push(`${relative(root, path)}:${line}: ${node.text.trim()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('spelling', () => {
  it('says "license", as the specification does, in every text a customer reads', () => {
    const files = SOURCES.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(britishTexts)).toEqual([]);
  });
});
