import { TYPE, parse, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { printAST } from "@formatjs/icu-messageformat-parser/printer";
import type { Catalog } from "./translator";

// The pseudo-locale (qps-ploc, Windows' own pseudo-locale tag): every literal of every English
// message accented and lengthened by 40%, inside brackets, with the ICU structure
// (placeholders, plurals, selects) kept. Text that shows unaccented was never translated; text
// cut at either bracket is clipped.

const ACCENTED: Record<string, string> = {
  a: "á",
  b: "ƀ",
  c: "ç",
  d: "ð",
  e: "é",
  f: "ƒ",
  g: "ĝ",
  h: "ĥ",
  i: "í",
  j: "ĵ",
  k: "ķ",
  l: "ļ",
  m: "ɱ",
  n: "ñ",
  o: "ó",
  p: "þ",
  q: "ǫ",
  r: "ŕ",
  s: "š",
  t: "ţ",
  u: "ú",
  v: "ṽ",
  w: "ŵ",
  x: "ẋ",
  y: "ý",
  z: "ž",
  A: "Á",
  B: "Ɓ",
  C: "Ç",
  D: "Ð",
  E: "É",
  F: "Ƒ",
  G: "Ĝ",
  H: "Ĥ",
  I: "Í",
  J: "Ĵ",
  K: "Ķ",
  L: "Ļ",
  M: "Ṁ",
  N: "Ñ",
  O: "Ó",
  P: "Þ",
  Q: "Ǫ",
  R: "Ŕ",
  S: "Š",
  T: "Ţ",
  U: "Ú",
  V: "Ṽ",
  W: "Ŵ",
  X: "Ẋ",
  Y: "Ý",
  Z: "Ž",
};
const FILLER = " one two three four five six seven eight nine ten";

const accent = (text: string): string => text.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] ?? c);

function transform(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: transform(option.value) },
        ])
      );
      return { ...element, options } as MessageFormatElement;
    }
    if (element.type === TYPE.tag) return { ...element, children: transform(element.children) };
    return element;
  });
}

/** The length of the text a message shows (literals only), to lengthen it by 40%. */
function literalLength(elements: MessageFormatElement[]): number {
  let length = 0;
  for (const element of elements) {
    if (element.type === TYPE.literal) length += element.value.length;
    else if (element.type === TYPE.plural || element.type === TYPE.select)
      length += Math.max(0, ...Object.values(element.options).map((o) => literalLength(o.value)));
    else length += 4;
  }
  return length;
}

export function pseudoMessage(message: string): string {
  const ast = parse(message, { ignoreTag: true });
  const extra = Math.ceil(literalLength(ast) * 0.4);
  const padding = FILLER.repeat(Math.ceil(extra / FILLER.length) + 1).slice(0, extra);
  return `[${printAST(transform(ast))}${accent(padding)}]`;
}

export function pseudoCatalog(english: Catalog): Catalog {
  return Object.fromEntries(Object.entries(english).map(([id, text]) => [id, pseudoMessage(text)]));
}
