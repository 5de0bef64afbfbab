/**
 * The task pane as the browser suites hold it, when it runs in the Office host page: one object
 * with Playwright's Page interface whose UI members (locators, selectors, content) reach the
 * add-in's frame, and whose page members (keyboard, close, reload, events, clock) are the host
 * page's. `evaluate` and `waitForFunction` run where their function's globals are: in the host
 * page when it names `__hostShim` or `officeHost` (Excel's side: cells, functions, the pane's
 * visibility), in the add-in's frame otherwise (document, OfficeRuntime, Office.context).
 * `screenshot()` takes the pane at its own size.
 */
import type { Frame, Page } from "playwright-core";

/** Members of Page answered by the add-in's frame (the same members exist on Frame). */
const FRAME_MEMBERS = new Set<string | symbol>([
  "getByTestId",
  "getByRole",
  "getByLabel",
  "getByText",
  "getByPlaceholder",
  "getByAltText",
  "getByTitle",
  "locator",
  "frameLocator",
  "waitForSelector",
  "$",
  "$$",
  "$eval",
  "$$eval",
  "content",
  "focus",
  "click",
  "dblclick",
  "fill",
  "press",
  "type",
  "check",
  "uncheck",
  "hover",
  "tap",
  "textContent",
  "innerText",
  "innerHTML",
  "inputValue",
  "isVisible",
  "isHidden",
  "isEnabled",
  "isDisabled",
  "isChecked",
  "isEditable",
  "selectOption",
  "setInputFiles",
  "dispatchEvent",
  "title",
  "addStyleTag",
  "addScriptTag",
]);

const EVALUATING = new Set<string | symbol>(["evaluate", "evaluateHandle", "waitForFunction"]);

/** True when a function passed to evaluate reads Excel's side (the host page's globals). */
export function runsInHostPage(fn: unknown): boolean {
  return typeof fn === "function" || typeof fn === "string"
    ? /__hostShim|officeHost/.test(String(fn))
    : false;
}

export interface PanePageOptions {
  /** The add-in's frame now (a new one after a reload or a reopened workbook). */
  frame(): Frame;
  /** The pane's frame element on the host page, for screenshots at the pane's size. */
  frameSelector: string;
}

/** The host page seen as the pane's Page (see the file's comment). */
export function panePage(page: Page, options: PanePageOptions): Page {
  return new Proxy(page, {
    get(target, property) {
      if (property === "hostPage") return target;
      if (property === "pane") return options.frame;
      if (FRAME_MEMBERS.has(property)) {
        const frame = options.frame();
        const member = Reflect.get(frame, property, frame) as unknown;
        return typeof member === "function" ? member.bind(frame) : member;
      }
      if (EVALUATING.has(property))
        return (fn: unknown, ...rest: unknown[]) => {
          const where = runsInHostPage(fn) ? target : options.frame();
          const member = Reflect.get(where, property, where) as (...args: unknown[]) => unknown;
          return member.call(where, fn, ...rest);
        };
      if (property === "setViewportSize")
        // The pane's size is its frame's: the Office page around it stays as it is.
        return (size: { width: number; height: number }) =>
          target.evaluate(
            ([selector, width, height]) => {
              const frame = document.querySelector<HTMLElement>(selector)!;
              for (const element of [frame, frame.parentElement!]) {
                element.style.width = `${width}px`;
                element.style.height = `${height}px`;
              }
            },
            [options.frameSelector, size.width, size.height] as const
          );
      if (property === "viewportSize")
        return () =>
          target.evaluate((selector) => {
            const frame = document.querySelector<HTMLElement>(selector)!;
            return { width: frame.clientWidth, height: frame.clientHeight };
          }, options.frameSelector);
      if (property === "screenshot")
        return async (screenshotOptions: Parameters<Page["screenshot"]>[0] = {}) => {
          const frame = target.locator(options.frameSelector);
          if (!screenshotOptions.clip) return frame.screenshot(screenshotOptions);
          // A clip in the pane's coordinates, taken from the page around it.
          const box = (await frame.boundingBox())!;
          const { clip } = screenshotOptions;
          return target.screenshot({
            ...screenshotOptions,
            clip: { ...clip, x: box.x + clip.x, y: box.y + clip.y },
          });
        };
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The host page behind a pane's Page (itself for a page of the shim). */
export function hostPageOf(page: Page): Page {
  return (page as unknown as { hostPage?: Page }).hostPage ?? page;
}

/** The add-in's frame behind a pane's Page, or the page's main frame under the shim. */
export function paneFrameOf(page: Page): Frame {
  const pane = (page as unknown as { pane?: () => Frame }).pane;
  return pane ? pane() : page.mainFrame();
}
