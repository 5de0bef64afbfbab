import type { Page } from "playwright-core";
import { browserTest, describeBrowser, type HostShimConfig, useAddin } from "./harness";

// The pane follows Excel's theme: the production build in Chromium, with Excel's
// officeTheme given through the host shim (absent by default, as on Excel on the web).

const THEMES = {
  colorful: { bodyBackgroundColor: "#FFFFFF", bodyForegroundColor: "#000000" },
  darkGray: {
    bodyBackgroundColor: "#262626",
    bodyForegroundColor: "#FFFFFF",
    controlBackgroundColor: "#404040",
    controlForegroundColor: "#FFFFFF",
    isDarkTheme: true,
  },
  black: {
    bodyBackgroundColor: "#000000",
    bodyForegroundColor: "#FFFFFF",
    controlBackgroundColor: "#262626",
    controlForegroundColor: "#FFFFFF",
    isDarkTheme: true,
  },
};

const WHITE = "rgb(255, 255, 255)";
const BLACK = "rgb(0, 0, 0)";
const DARK_GRAY = "rgb(38, 38, 38)";

/** The shim's config with an officeTheme. */
const withTheme = (officeTheme: unknown): HostShimConfig => ({ officeTheme });

interface Seen {
  theme: string | undefined;
  html: string;
  body: string;
  provider: string;
  providerText: string;
  button: string;
  buttonText: string;
}

/** Computed colors of the page, the pane (FluentProvider) and a secondary button. */
function seen(page: Page): Promise<Seen> {
  return page.evaluate(() => {
    const style = (element: Element | null) => getComputedStyle(element ?? document.body);
    const provider = document.querySelector(".fui-FluentProvider");
    const button = document.querySelector('[data-testid="bulk-from-selection"]');
    return {
      theme: document.documentElement.dataset.theme,
      html: style(document.documentElement).backgroundColor,
      body: style(document.body).backgroundColor,
      provider: style(provider).backgroundColor,
      providerText: style(provider).color,
      button: style(button).backgroundColor,
      buttonText: style(button).color,
    };
  });
}

/** The page, the pane and the button in this background, and no color still fading. */
async function waitForBackground(page: Page, color: string): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      [".fui-FluentProvider", "body", '[data-testid="bulk-from-selection"]'].every(
        (selector) =>
          getComputedStyle(document.querySelector(selector)!).backgroundColor === expected
      ),
    color
  );
  // Fluent fades colors (CSS transitions): each is read once its fade has ended.
  await page.waitForFunction(
    () => document.getAnimations().filter((a) => a instanceof CSSTransition).length === 0
  );
}

/** Excel's theme changed by the user (the shim's officeTheme is read on each access). */
async function switchTheme(page: Page, officeTheme: unknown): Promise<void> {
  await page.evaluate((theme) => window.__hostShim.configure({ officeTheme: theme }), officeTheme);
}

describeBrowser("task pane in Chromium: Excel's theme", () => {
  // Under the shim: Excel's themes are the desktop hosts' (Office.context.officeTheme): office.js
  // on the web passes none (OfficeAppContext gets undefined), so the Office host page, which
  // plays Excel on the web, cannot show them.
  const addin = useAddin({ host: "shim" });

  browserTest(
    "opens in Excel's dark gray theme and follows a change of theme on focus and on being shown",
    async () => {
      const page = await addin.openTaskPane({ shim: withTheme(THEMES.darkGray) });
      await waitForBackground(page, DARK_GRAY);
      expect(await seen(page)).toEqual({
        theme: "dark",
        html: DARK_GRAY,
        body: DARK_GRAY,
        provider: DARK_GRAY,
        providerText: WHITE,
        button: DARK_GRAY,
        buttonText: WHITE,
      });

      // Colorful, seen when the pane gets focus (Excel has no theme-changed event).
      await switchTheme(page, THEMES.colorful);
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
      await waitForBackground(page, WHITE);
      expect(await seen(page)).toMatchObject({
        theme: "light",
        html: WHITE,
        provider: WHITE,
        providerText: BLACK,
        button: WHITE,
        buttonText: BLACK,
      });

      // Black, seen when the pane is shown again.
      await switchTheme(page, THEMES.black);
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await waitForBackground(page, BLACK);
      expect(await seen(page)).toMatchObject({
        theme: "dark",
        html: BLACK,
        provider: BLACK,
        providerText: WHITE,
        button: BLACK,
        buttonText: WHITE,
      });

      // Excel on the web: no officeTheme, the light theme.
      await switchTheme(page, undefined);
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
      await waitForBackground(page, WHITE);
    }
  );

  browserTest("opens in Excel's black theme", async () => {
    const page = await addin.openTaskPane({ shim: withTheme(THEMES.black) });
    await waitForBackground(page, BLACK);
    expect(await seen(page)).toMatchObject({
      theme: "dark",
      html: BLACK,
      body: BLACK,
      provider: BLACK,
      providerText: WHITE,
      button: BLACK,
      buttonText: WHITE,
    });
  });

  browserTest(
    "a missing or unreadable officeTheme, or a throwing one, gives the light theme",
    async () => {
      const light = {
        theme: "light",
        html: WHITE,
        body: WHITE,
        provider: WHITE,
        button: WHITE,
      };
      const page = await addin.openTaskPane();
      await page.getByTestId("bulk-from-selection").waitFor();
      expect(await seen(page)).toMatchObject(light);

      const garbage = await addin.openTaskPane({
        shim: withTheme({ bodyBackgroundColor: "dark", bodyForegroundColor: 12 }),
      });
      await garbage.getByTestId("bulk-from-selection").waitFor();
      expect(await seen(garbage)).toMatchObject(light);

      // A getter that throws (as an unsupported host property may): still the light theme.
      await garbage.evaluate(() => {
        Object.defineProperty(Office.context, "officeTheme", {
          configurable: true,
          get() {
            throw new Error("officeTheme is not supported");
          },
        });
        window.dispatchEvent(new Event("focus"));
      });
      await garbage.getByTestId("tab-settings").click();
      expect(await seen(garbage)).toMatchObject({ theme: "light", html: WHITE, provider: WHITE });
    }
  );

  browserTest(
    "forced colors (Windows high contrast): the pane renders, buttons keep their borders and focus",
    async () => {
      const page = await addin.openTaskPane({ shim: withTheme(THEMES.darkGray) });
      await page.emulateMedia({ forcedColors: "active" });
      await page.getByTestId("bulk-from-selection").waitFor();
      expect(await page.evaluate(() => matchMedia("(forced-colors: active)").matches)).toBe(true);
      const border = await page.getByTestId("bulk-from-selection").evaluate((button) => {
        const style = getComputedStyle(button);
        return {
          style: style.borderTopStyle,
          width: parseFloat(style.borderTopWidth),
          color: style.borderTopColor,
          background: style.backgroundColor,
        };
      });
      expect(border.style).toBe("solid");
      expect(border.width).toBeGreaterThanOrEqual(1);
      expect(border.color).not.toBe(border.background);
      expect(border.color).not.toMatch(/rgba\(\d+, \d+, \d+, 0\)|transparent/);

      // Keyboard focus on the button: an outline or a border of its focus indicator is drawn.
      await page.getByTestId("tab-bulk").focus();
      let focused = false;
      for (let i = 0; i < 10 && !focused; i++) {
        await page.keyboard.press("Tab");
        focused = await page.evaluate(
          () => document.activeElement?.getAttribute("data-testid") === "bulk-from-selection"
        );
      }
      expect(focused).toBe(true);
      const focus = await page.getByTestId("bulk-from-selection").evaluate((button) => {
        const own = getComputedStyle(button);
        const after = getComputedStyle(button, "::after");
        const visible = (style: string, width: string, color: string) =>
          style !== "none" && parseFloat(width) > 0 && !/, 0\)$|transparent/.test(color);
        return {
          outline: visible(own.outlineStyle, own.outlineWidth, own.outlineColor),
          after: visible(after.borderTopStyle, after.borderTopWidth, after.borderTopColor),
          detail: `outline ${own.outlineStyle} ${own.outlineWidth} ${own.outlineColor}; ::after ${after.borderTopStyle} ${after.borderTopWidth} ${after.borderTopColor}`,
        };
      });
      expect({ visible: focus.outline || focus.after, detail: focus.detail }).toEqual({
        visible: true,
        detail: focus.detail,
      });
    }
  );
});
