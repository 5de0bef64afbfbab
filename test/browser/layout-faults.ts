import type { Page } from "playwright-core";

// What the pseudo-locale test (pseudo-locale.browser.test.ts) checks of what a pane shows, for
// any suite that shows a state of its own in the pseudo-locale (qps-ploc: every message accented
// and 40% longer) at the pane's narrowest width.

export const PSEUDO = /[áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ]/;

export interface LayoutReport {
  pageWidth: number;
  /** The innermost elements that stick out of the pane on the right. */
  wide: string[];
  clipped: string[];
  overlapping: string[];
  untranslated: string[];
}

/** Runs in the page: the layout faults of what is shown now. */
export function layoutFaults(pseudoSource: string): LayoutReport {
  const pseudo = new RegExp(pseudoSource);
  const visible = (element: Element): boolean => {
    if (element.closest("[aria-hidden='true'], [hidden]")) return false;
    const style = getComputedStyle(element);
    if (style.visibility === "hidden" || style.display === "none") return false;
    return element.getClientRects().length > 0;
  };
  const textNodes: Text[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    if (!text.data.trim() || !text.parentElement || !visible(text.parentElement)) continue;
    if (text.parentElement.closest("script, style, #boot")) continue;
    textNodes.push(text);
  }
  const describe = (element: Element, text: string): string =>
    `${element.tagName.toLowerCase()}${element.getAttribute("data-testid") ? `[${element.getAttribute("data-testid")}]` : ""} "${text.trim().slice(0, 50)}"`;

  const clipped: string[] = [];
  for (const text of textNodes) {
    for (
      let element: Element | null = text.parentElement;
      element && element !== document.body;
      element = element.parentElement
    ) {
      const style = getComputedStyle(element);
      const cuts = /(hidden|clip)/.test(style.overflowX) || style.textOverflow === "ellipsis";
      if (cuts && element.scrollWidth > element.clientWidth + 1) {
        clipped.push(describe(element, text.data));
        break;
      }
    }
  }
  const boxes = textNodes.flatMap((text) => {
    const range = document.createRange();
    range.selectNodeContents(text);
    return [...range.getClientRects()]
      .filter((r) => r.width > 0 && r.height > 0)
      .map((rect) => ({ rect, text }));
  });
  const overlapping: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.text === b.text) continue;
      const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (x > 2 && y > 2)
        overlapping.push(
          `${describe(a.text.parentElement!, a.text.data)} / ${describe(b.text.parentElement!, b.text.data)}`
        );
    }
  const untranslated = textNodes
    .filter((text) => /[A-Za-z]{3,}/.test(text.data) && !pseudo.test(text.data))
    // What is not the add-in's text: an address, a URL, a function name, the service's names
    // (its categories; what is marked translate="no": a card's property names and data).
    .filter((text) => !/^\s*(\S+@\S+|https?:\/\/\S+|\/api|MAIL\.[A-Z]+)\s*$/.test(text.data))
    .filter((text) => !/^\s*[a-z_]+(, [a-z_]+)+\s*$/.test(text.data))
    .filter((text) => !text.parentElement!.closest("[translate='no']"))
    .map((text) => describe(text.parentElement!, text.data));
  const wide = [...document.body.querySelectorAll("*")]
    .filter(
      (element) => visible(element) && element.getBoundingClientRect().right > window.innerWidth + 1
    )
    .filter((element, _, all) => !all.some((other) => other !== element && element.contains(other)))
    .map((element) => describe(element, element.textContent ?? ""));
  return {
    pageWidth: document.documentElement.scrollWidth,
    wide,
    clipped,
    overlapping,
    untranslated,
  };
}

/** The layout faults of what the pane shows now, in the pseudo-locale. */
export function layoutFaultsOf(page: Page): Promise<LayoutReport> {
  return page.evaluate(layoutFaults, PSEUDO.source);
}
