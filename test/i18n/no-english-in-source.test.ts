import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";

// Everything a user reads comes from the catalogs: no English sentence, JSX text
// or label left in the source of the layers that show text to a user. A string that is not
// for a user's eyes (a column header Excel formulas rely on, a log line) says why on its line
// or the line before with "i18n-exempt: <why>".

const SRC = resolve(__dirname, "..", "..", "src");
const FOLDERS = [
  "taskpane",
  "commands",
  "flows",
  "workbook",
  "lists",
  "functions",
  "runtime",
  "client",
];
/** JSX attributes whose literal text is read by a user (or a screen reader). */
const TEXT_ATTRIBUTES = new Set([
  "label",
  "placeholder",
  "aria-label",
  "aria-description",
  "title",
  "hint",
  "description",
  "validationMessage",
  "alt",
  "content",
]);
/** An English sentence or phrase: a capitalized word followed by more words, or 3+ words. */
const ENGLISH = /^\s*[A-Z][a-z']+(?:[ ,:;.!?…–-]+\S+)+|(?:\b[a-z']{2,}\b[ ,]+){2,}[a-z']{2,}/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

function findings(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const exempt = (node: ts.Node): boolean => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line;
    return /i18n-exempt/.test(lines[line] ?? "") || /i18n-exempt/.test(lines[line - 1] ?? "");
  };
  const inConsoleOrTestId = (node: ts.Node): boolean => {
    for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
      if (ts.isCallExpression(at) && /^console\./.test(at.expression.getText(source))) return true;
      if (ts.isJsxAttribute(at) && /^data-/.test(at.name.getText(source))) return true;
      if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at)) return true;
    }
    return false;
  };
  const report = (node: ts.Node, what: string): void => {
    if (exempt(node) || inConsoleOrTestId(node)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push(`${relative(SRC, file)}:${line} ${what}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && /\p{L}{2}/u.test(node.text))
      report(node, `JSX text "${node.text.trim()}"`);
    else if (
      ts.isJsxAttribute(node) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      TEXT_ATTRIBUTES.has(node.name.getText(source)) &&
      /\p{L}{2}/u.test(node.initializer.text)
    )
      report(node, `${node.name.getText(source)}="${node.initializer.text}"`);
    else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      ENGLISH.test(node.text)
    )
      report(node, `"${node.text.slice(0, 60)}"`);
    else if (ts.isTemplateExpression(node)) {
      const literal = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ");
      if (ENGLISH.test(literal)) report(node, `\`${literal.slice(0, 60)}\``);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test("no English text in the source of what users read: it is in the catalogs", () => {
  const all = FOLDERS.flatMap((folder) => sourceFiles(join(SRC, folder))).flatMap(findings);
  expect(all).toEqual([]);
});
