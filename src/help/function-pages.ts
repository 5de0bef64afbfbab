import {
  FIELD_LISTS,
  OUTCOME_MESSAGES,
  type FunctionDoc,
  type MessageKey,
  type Outcome,
} from "./function-docs";
import {
  NAMESPACE,
  formulaOf,
  helpPageName,
  syntaxOf,
  type FunctionMetadata,
} from "./function-metadata";
import { escapeHtml, fill, inline, link, page } from "./html";
import type { HelpStrings } from "./strings-en";

// A function's help page (syntax, each argument, what every outcome shows, what it
// costs, examples) and the index of them all. Names, descriptions and arguments come from
// functions.json; the rest from the docs table and the strings table.

const code = (text: string): string => `<code>${escapeHtml(text)}</code>`;

function argumentsSection(fn: FunctionMetadata, doc: FunctionDoc, s: HelpStrings): string {
  const t = s.functionPage;
  if (fn.parameters.length === 0) return `<p>${inline(t.noArguments)}</p>`;
  const items = fn.parameters.map((p) => {
    const note = doc.argumentNotes?.[p.name];
    const optional = p.optional ? ` <span class="optional">(${escapeHtml(t.optional)})</span>` : "";
    // The JSDoc's description is plain text; a note is a strings-table text with `code` spans.
    const description = [
      escapeHtml(p.description ?? ""),
      note ? inline(s.argumentNotes[note]) : "",
    ];
    return `<dt>${code(p.name)}${optional}</dt>\n<dd>${description.filter(Boolean).join(" ")}</dd>`;
  });
  return `<dl>\n${items.join("\n")}\n</dl>`;
}

function fieldsSection(doc: FunctionDoc, s: HelpStrings): string {
  if (!doc.fields) return "";
  const names = FIELD_LISTS[doc.fields.list].map((name) => `<li>${code(name)}</li>`);
  return `<h2>${escapeHtml(s.functionPage.fields)}</h2>
<p>${inline(fill(s.functionPage.fieldsIntro, { argument: doc.fields.argument }))}</p>
<ul>\n${names.join("\n")}\n</ul>
<p>${inline(s.functionPage.checkedOnNote)}</p>`;
}

const quoted = (message: string): string => `"${message}"`;
const listOf = (texts: readonly string[]): string =>
  `\n<ul>\n${texts.map((text) => `<li>${escapeHtml(text)}</li>`).join("\n")}\n</ul>`;

function outcomesSection(fn: FunctionMetadata, doc: FunctionDoc, s: HelpStrings): string {
  const firstRequired = fn.parameters.find((p) => !p.optional)?.name ?? "";
  const messageText = (key: MessageKey): string =>
    quoted(fill(s.messages[key], { argument: firstRequired }));
  const items = doc.outcomes.map((entry: Outcome) => {
    const key = typeof entry === "string" ? entry : entry.outcome;
    const keys = typeof entry === "string" ? OUTCOME_MESSAGES[key] : entry.messages;
    const messages = keys.map(messageText);
    const one = messages.length === 1 ? messages[0]! : "";
    const list = messages.length > 1 ? listOf(messages) : "";
    const cell = inline(fill(s.outcomes[key].cell, { message: one })) + list;
    return `<dt>${inline(s.outcomes[key].situation)}</dt>\n<dd>${cell}</dd>`;
  });
  return `<h2>${escapeHtml(s.functionPage.outcomes)}</h2>\n<dl>\n${items.join("\n")}\n</dl>`;
}

function costSection(doc: FunctionDoc, s: HelpStrings): string {
  const texts = [s.costs[doc.cost], ...(doc.paid ? [s.costs.repeats, s.costs.question] : [])];
  return `<h2>${escapeHtml(s.functionPage.cost)}</h2>\n${texts.map((t) => `<p>${inline(t)}</p>`).join("\n")}`;
}

function examplesSection(fn: FunctionMetadata, doc: FunctionDoc, s: HelpStrings): string {
  const items = doc.examples.map(
    (example) =>
      `<dt>${code(formulaOf(fn, example.arguments, s.formulaSeparator))}</dt>\n<dd>${inline(s.examples[example.result])}</dd>`
  );
  return `<h2>${escapeHtml(s.functionPage.examples)}</h2>\n<dl>\n${items.join("\n")}\n</dl>`;
}

export function functionPage(fn: FunctionMetadata, doc: FunctionDoc, s: HelpStrings): string {
  const body = [
    `<p>${escapeHtml(fn.description ?? "")}</p>`,
    `<h2>${escapeHtml(s.functionPage.syntax)}</h2>`,
    `<pre><code>${escapeHtml(syntaxOf(fn, s.formulaSeparator))}</code></pre>`,
    `<h2>${escapeHtml(s.functionPage.arguments)}</h2>`,
    argumentsSection(fn, doc, s),
    fieldsSection(doc, s),
    outcomesSection(fn, doc, s),
    costSection(doc, s),
    examplesSection(fn, doc, s),
    `<p>${link("index.html", s.functionPage.allFunctions)}</p>`,
  ];
  return page({
    strings: s,
    title: `${NAMESPACE}.${fn.name}`,
    root: "../",
    body: body.filter(Boolean).join("\n"),
  });
}

/** `guide`: the user's guide's URL from the index (src/help/user-guide.ts). */
export function functionIndexPage(
  functions: readonly FunctionMetadata[],
  s: HelpStrings,
  guide: string
): string {
  const items = functions.map(
    (fn) =>
      `<dt><a href="${escapeHtml(helpPageName(fn.id))}">${code(syntaxOf(fn, s.formulaSeparator).slice(1))}</a></dt>\n<dd>${escapeHtml(fn.description ?? "")}</dd>`
  );
  const body = [
    `<p>${inline(s.index.intro)}</p>`,
    `<dl>\n${items.join("\n")}\n</dl>`,
    `<p>${inline(s.index.keptAnswers)}</p>`,
    `<p>${link(guide, s.site.guide)}</p>`,
  ];
  return page({ strings: s, title: s.index.title, root: "../", body: body.join("\n") });
}
