import { t } from "../i18n/i18n";
import { damaged } from "./xlsx-archive";

// Reading XML that arrives in pieces (a worksheet's parts), in time linear in its length
// whatever it holds: elements by name, their attributes, their texts.

/** An element (a row, a shared string, a sheet's entry) that is longer is not read. */
const MAX_ELEMENT = 4 * 1024 * 1024;

/**
 * The elements named `name` (in any namespace prefix) of XML text that arrives in pieces,
 * handed one by one, once complete, to a callback that reads what it needs of them (nothing
 * is copied of the ones it passes over). What lies between them is dropped as it goes, and
 * no text is searched twice, so the time is linear in the text whatever it holds.
 */ export class ElementScanner {
  /** From the start of the element being read, or a tail that may begin one. */
  private text = "";
  /** Length of the element's "<name" (0: no element begun), and where its start tag ends. */
  private openLength = 0;
  private tagEnd = -1;
  /** Where the search for the start tag's end, or for the element's end, resumes. */
  private from = 0;
  private readonly start: RegExp;
  private readonly end: RegExp;
  /** The element handed to the callback: its attributes and content, as positions. */
  private readonly current = { text: "", attributes: 0, tagEnd: 0, content: 0, contentEnd: 0 };
  /** The next position of `marker` in the current text (-1: not searched yet). */
  private nextMarker = -1;

  constructor(
    private readonly name: string,
    /** What hasMarker() looks for (a global pattern). */
    private readonly marker = /$^/g
  ) {
    this.start = new RegExp(`<(?:[\\w.-]+:)?${name}(?=[\\s/>])`, "g");
    this.end = new RegExp(`</(?:[\\w.-]+:)?${name}\\s*>`, "g");
  }

  /** The attributes of the element handed to the callback. */
  attributes(): string {
    return this.current.text.slice(this.current.attributes, this.current.tagEnd);
  }

  /** Its content ("" when self-closing). */
  content(): string {
    return this.current.text.slice(this.current.content, this.current.contentEnd);
  }

  /** Whether its content holds the marker. */
  hasMarker(): boolean {
    const { text, content, contentEnd } = this.current;
    if (this.nextMarker < content) {
      this.marker.lastIndex = content;
      this.nextMarker = this.marker.exec(text)?.index ?? Infinity;
    }
    return this.nextMarker < contentEnd;
  }

  /** Adds text and hands each element it completes to `each`; true once `each` returns true. */
  push(piece: string, each: () => boolean | void): boolean {
    const text = this.text + piece;
    const margin = this.name.length + 40; // an end or start tag split between pieces
    this.nextMarker = -1;
    let at = 0; // the start of the element being read, or where the next one is searched
    for (;;) {
      if (this.openLength === 0) {
        this.start.lastIndex = at;
        const open = this.start.exec(text);
        if (!open) {
          at = Math.max(at, text.length - margin);
          break;
        }
        at = open.index;
        this.openLength = open[0].length;
        this.from = at + this.openLength;
      }
      if (this.tagEnd < 0) {
        this.tagEnd = text.indexOf(">", this.from);
        if (this.tagEnd < 0) {
          this.from = text.length;
          break;
        }
        this.from = this.tagEnd + 1;
      }
      const selfClosing = text.charCodeAt(this.tagEnd - 1) === 0x2f; // "/>"
      let next = this.tagEnd + 1;
      let contentEnd = next;
      if (!selfClosing) {
        this.end.lastIndex = this.from;
        const close = this.end.exec(text);
        if (!close) {
          this.from = Math.max(this.from, text.length - margin);
          break;
        }
        contentEnd = close.index;
        next = close.index + close[0].length;
      }
      const current = this.current;
      current.text = text;
      current.attributes = at + this.openLength;
      current.tagEnd = selfClosing ? this.tagEnd - 1 : this.tagEnd;
      current.content = this.tagEnd + 1;
      current.contentEnd = contentEnd;
      this.openLength = 0;
      this.tagEnd = -1;
      at = next;
      if (each()) return true;
    }
    // Keep the text from `at` on, the positions with it.
    this.text = text.slice(at);
    this.from = Math.max(0, this.from - at);
    if (this.tagEnd >= 0) this.tagEnd -= at;
    if (this.text.length > MAX_ELEMENT)
      throw damaged(
        t("bulk.damageLongElement", { element: this.name, megabytes: MAX_ELEMENT / 1024 / 1024 })
      );
    return false;
  }
}
const XML_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

export const decodeXml = (text: string): string =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, entity: string) => {
    const named = XML_ENTITIES[entity.toLowerCase()];
    if (named) return named;
    const code =
      entity[1]?.toLowerCase() === "x"
        ? parseInt(entity.slice(2), 16)
        : parseInt(entity.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });

const attributePatterns = new Map<string, RegExp>();
export function attribute(attributes: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attributePatterns.set(name, pattern);
  }
  const match = pattern.exec(attributes);
  return match ? decodeXml(match[1] ?? match[2] ?? "") : undefined;
}

// Fragments (a row, a cell, a shared string) are read with the scanner too, never with a
// lazy pattern that a hostile fragment of unclosed tags would make search it again and again.
export function contents(fragment: string, name: string): string[] {
  const found: string[] = [];
  const scanner = new ElementScanner(name);
  scanner.push(fragment, () => void found.push(scanner.content()));
  return found;
}

/** All `<t>` texts of a fragment, concatenated: the text, or its rich text runs. */ export function texts(
  fragment: string
): string {
  // Phonetic runs (<rPh>, after the text in the schema) are not part of the text.
  const phonetic = /<(?:[\w.-]+:)?rPh[\s/>]/.exec(fragment)?.index ?? fragment.length;
  return contents(fragment.slice(0, phonetic), "t").map(decodeXml).join("");
}
