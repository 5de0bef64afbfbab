import { webDarkTheme, webLightTheme } from "@fluentui/react-components";
import {
  officeThemeFrom,
  parseHexColor,
  readOfficeTheme,
  watchOfficeTheme,
  type OfficeThemeColors,
} from "../../src/runtime/office-theme";
import {
  contrastRatio,
  ensureContrast,
  LIGHT_PANE_THEME,
  paneTheme,
  relativeLuminance,
} from "../../src/taskpane/ui/theme";

// Excel's themes as `Office.context.officeTheme` gives them. Microsoft 365: body
// colors of Colorful and White are white on black text, Dark Gray and Black dark with white
// text (isDarkTheme where the host has it). Office 2016 gave other colors (a light gray
// Colorful, a mid-gray Dark Gray with light controls); they must work as well.
export const EXCEL_THEMES: Record<string, Record<string, unknown>> = {
  colorful: {
    bodyBackgroundColor: "#FFFFFF",
    bodyForegroundColor: "#000000",
    controlBackgroundColor: "#FFFFFF",
    controlForegroundColor: "#000000",
    isDarkTheme: false,
  },
  "dark gray": {
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
  white: {
    bodyBackgroundColor: "#FFFFFF",
    bodyForegroundColor: "#000000",
    controlBackgroundColor: "#FFFFFF",
    controlForegroundColor: "#000000",
  },
  "colorful (Office 2016)": {
    bodyBackgroundColor: "#e6e6e6",
    bodyForegroundColor: "#444444",
    controlBackgroundColor: "#fdfdfd",
    controlForegroundColor: "#444444",
  },
  "dark gray (Office 2016)": {
    bodyBackgroundColor: "#6a6a6a",
    bodyForegroundColor: "#f0f0f0",
    controlBackgroundColor: "#d4d4d4",
    controlForegroundColor: "#262626",
  },
};
const DARK = new Set(["dark gray", "black", "dark gray (Office 2016)"]);

const colorsOf = (name: string): OfficeThemeColors => officeThemeFrom(EXCEL_THEMES[name])!;
const token = (tokens: object, name: string): string =>
  (tokens as Record<string, string>)[name] as string;

describe("reading Office's theme", () => {
  test("colors are #rrggbb triplets, lower-cased; anything else is unreadable", () => {
    expect(parseHexColor("#FFA500")).toBe("#ffa500");
    expect(parseHexColor(" ffa500 ")).toBe("#ffa500");
    for (const bad of [undefined, null, 0, 0xffffff, "", "#fff", "#ffa5001", "orange", "#ggg000"])
      expect(parseHexColor(bad)).toBeNull();
  });

  test("a missing, empty or unreadable officeTheme gives the light theme", () => {
    for (const theme of [
      undefined,
      null,
      "dark",
      42,
      {},
      { bodyBackgroundColor: "#262626" },
      { bodyBackgroundColor: "#262626", bodyForegroundColor: "white" },
      { bodyBackgroundColor: "rgb(38,38,38)", bodyForegroundColor: "#ffffff" },
    ]) {
      expect(officeThemeFrom(theme)).toBeNull();
      expect(paneTheme(officeThemeFrom(theme))).toBe(LIGHT_PANE_THEME);
    }
    expect(LIGHT_PANE_THEME.theme).toBe(webLightTheme);
  });

  test("a throwing getter gives the light theme; unreadable control colors are left out", () => {
    const throwing = {
      get bodyBackgroundColor(): string {
        throw new Error("not available");
      },
      bodyForegroundColor: "#ffffff",
    };
    expect(officeThemeFrom(throwing)).toBeNull();
    const partial = {
      bodyBackgroundColor: "#262626",
      bodyForegroundColor: "#ffffff",
      controlBackgroundColor: "none",
      get controlForegroundColor(): string {
        throw new Error("not available");
      },
      get isDarkTheme(): boolean {
        throw new Error("not available");
      },
    };
    expect(officeThemeFrom(partial)).toEqual({
      bodyBackground: "#262626",
      bodyForeground: "#ffffff",
      controlBackground: null,
      controlForeground: null,
      isDark: null,
    });
  });

  test("isDarkTheme is read as a property or, in some hosts, a method", () => {
    const base = { bodyBackgroundColor: "#000000", bodyForegroundColor: "#ffffff" };
    expect(officeThemeFrom({ ...base, isDarkTheme: true })?.isDark).toBe(true);
    expect(officeThemeFrom({ ...base, isDarkTheme: () => true })?.isDark).toBe(true);
    expect(officeThemeFrom({ ...base, isDarkTheme: "yes" })?.isDark).toBeNull();
    expect(
      officeThemeFrom({
        ...base,
        isDarkTheme: () => {
          throw new Error("no");
        },
      })?.isDark
    ).toBeNull();
  });

  describe("from Office.context", () => {
    const g = globalThis as { Office?: unknown };
    afterEach(() => delete g.Office);

    test("no Office, no context, a throwing context or officeTheme: the light theme", () => {
      expect(readOfficeTheme()).toBeNull();
      g.Office = {};
      expect(readOfficeTheme()).toBeNull();
      g.Office = {
        get context(): unknown {
          throw new Error("Office.context is not ready");
        },
      };
      expect(readOfficeTheme()).toBeNull();
      g.Office = {
        context: {
          get officeTheme(): unknown {
            throw new Error("not supported");
          },
        },
      };
      expect(readOfficeTheme()).toBeNull();
    });

    test("Excel's theme", () => {
      g.Office = { context: { officeTheme: EXCEL_THEMES.black } };
      expect(readOfficeTheme()).toEqual({
        bodyBackground: "#000000",
        bodyForeground: "#ffffff",
        controlBackground: "#262626",
        controlForeground: "#ffffff",
        isDark: true,
      });
    });
  });
});

describe("following Excel's theme: read again when the pane is shown or focused", () => {
  const g = globalThis as { Office?: unknown; document?: unknown; window?: unknown };
  let theme: Record<string, unknown> | undefined;
  let doc: EventTarget & { visibilityState: string };
  let win: EventTarget;

  beforeEach(() => {
    theme = EXCEL_THEMES.colorful;
    g.Office = {
      context: {
        get officeTheme() {
          return theme;
        },
      },
    };
    doc = Object.assign(new EventTarget(), { visibilityState: "visible" });
    win = new EventTarget();
    g.document = doc;
    g.window = win;
  });
  afterEach(() => {
    delete g.Office;
    delete g.document;
    delete g.window;
  });

  test("a changed theme is reported once, on focus or on becoming visible", () => {
    const seen: Array<OfficeThemeColors | null> = [];
    const stop = watchOfficeTheme(readOfficeTheme(), (colors) => seen.push(colors));

    win.dispatchEvent(new Event("focus"));
    expect(seen).toEqual([]); // unchanged

    theme = EXCEL_THEMES.black;
    doc.visibilityState = "hidden";
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(seen).toEqual([]); // hidden: not read
    doc.visibilityState = "visible";
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(seen.map((c) => c?.bodyBackground)).toEqual(["#000000"]);
    win.dispatchEvent(new Event("focus"));
    expect(seen).toHaveLength(1);

    theme = undefined; // Excel on the web: no theme, the light one
    win.dispatchEvent(new Event("focus"));
    expect(seen[1]).toBeNull();

    stop();
    theme = EXCEL_THEMES["dark gray"];
    win.dispatchEvent(new Event("focus"));
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(seen).toHaveLength(2);
  });
});

describe("color arithmetic (WCAG 2.2)", () => {
  test("luminance and contrast", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21);
    expect(contrastRatio("#ffffff", "#767676")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  test("ensureContrast keeps a passing color and moves a failing one just far enough", () => {
    expect(ensureContrast("#616161", ["#ffffff"], 4.5)).toBe("#616161");
    const moved = ensureContrast("#999999", ["#ffffff", "#f5f5f5"], 4.5);
    expect(contrastRatio(moved, "#f5f5f5")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(moved, "#f5f5f5")).toBeLessThan(4.7);
    const onDark = ensureContrast("#333333", ["#262626"], 4.5);
    expect(relativeLuminance(onDark)).toBeGreaterThan(relativeLuminance("#333333"));
    expect(contrastRatio(onDark, "#262626")).toBeGreaterThanOrEqual(4.5);
  });
});

describe("the pane's Fluent theme from Excel's", () => {
  // Text the pane shows on its own backgrounds (the tokens our styles and Fluent's controls use
  // for text there); the surfaces include hover and selected states and cards.
  const TEXT = [
    "colorNeutralForeground1",
    "colorNeutralForeground1Hover",
    "colorNeutralForeground2",
    "colorNeutralForeground2Hover",
    "colorNeutralForeground2BrandHover",
    "colorNeutralForeground2BrandSelected",
    "colorNeutralForeground3",
    "colorNeutralForeground3Hover",
    "colorNeutralForeground4",
    "colorBrandForeground1",
    "colorBrandForeground2",
    "colorBrandForegroundLink",
    "colorBrandForegroundLinkHover",
    "colorCompoundBrandForeground1",
    "colorPaletteRedForeground1",
    "colorPaletteGreenForeground1",
    "colorStatusDangerForeground1",
    "colorStatusWarningForeground1",
    "colorStatusSuccessForeground1",
  ];
  const SURFACES = [
    "colorNeutralBackground1",
    "colorNeutralBackground1Hover",
    "colorNeutralBackground1Selected",
    "colorNeutralBackground2",
    "colorNeutralBackground3",
    "colorSubtleBackgroundHover",
    "colorSubtleBackgroundSelected",
    "colorNeutralCardBackground",
  ];

  test.each(Object.keys(EXCEL_THEMES))("%s: Office's colors, on the right side", (name) => {
    const colors = colorsOf(name);
    const pane = paneTheme(colors);
    expect(pane.dark).toBe(DARK.has(name));
    expect(pane.background).toBe(colors.bodyBackground);
    expect(token(pane.theme, "colorNeutralBackground1")).toBe(colors.bodyBackground);
    expect(token(pane.theme, "colorNeutralForeground1")).toBe(colors.bodyForeground);
    expect(pane.foreground).toBe(colors.bodyForeground);
    // Everything else of Fluent's theme is there (fonts, radii, brand colors).
    const base = pane.dark ? webDarkTheme : webLightTheme;
    expect(Object.keys(pane.theme).sort()).toEqual(Object.keys(base).sort());
    expect(pane.theme.fontFamilyBase).toBe(base.fontFamilyBase);
  });

  test.each(Object.keys(EXCEL_THEMES))("%s: text at 4.5:1 on every surface", (name) => {
    const tokens = paneTheme(colorsOf(name)).theme;
    const failures: string[] = [];
    for (const text of TEXT)
      for (const surface of SURFACES) {
        const ratio = contrastRatio(token(tokens, text), token(tokens, surface));
        if (ratio < 4.5) failures.push(`${text} on ${surface}: ${ratio.toFixed(2)}`);
      }
    // Message bars: the main text on the status backgrounds.
    for (const status of ["Danger", "Warning", "Success"]) {
      const surface = `colorStatus${status}Background1`;
      const ratio = contrastRatio(token(tokens, "colorNeutralForeground1"), token(tokens, surface));
      if (ratio < 4.5) failures.push(`colorNeutralForeground1 on ${surface}: ${ratio.toFixed(2)}`);
    }
    // Primary buttons: their text on the brand background.
    for (const state of ["", "Hover", "Pressed"]) {
      const ratio = contrastRatio(
        token(tokens, "colorNeutralForegroundOnBrand"),
        token(tokens, `colorBrandBackground${state}`)
      );
      if (ratio < 4.5) failures.push(`on brand ${state}: ${ratio.toFixed(2)}`);
    }
    expect(failures).toEqual([]);
  });

  test.each(Object.keys(EXCEL_THEMES))("%s: outlines and focus at 3:1", (name) => {
    const tokens = paneTheme(colorsOf(name)).theme;
    const background = token(tokens, "colorNeutralBackground1");
    for (const outline of [
      "colorNeutralStrokeAccessible",
      "colorNeutralStrokeAccessibleHover",
      "colorCompoundBrandStroke",
      "colorStrokeFocus2",
    ])
      expect(contrastRatio(token(tokens, outline), background)).toBeGreaterThanOrEqual(3);
  });

  test("Excel's dark themes are dark, its light ones Fluent's light theme in Office's colors", () => {
    const white = paneTheme(colorsOf("white")).theme;
    // Office's white is Fluent's white: the backgrounds are Fluent's own.
    for (const name of ["colorNeutralBackground1Hover", "colorNeutralBackground2"])
      expect(token(white, name)).toBe(token(webLightTheme, name));
    const black = paneTheme(colorsOf("black")).theme;
    expect(token(black, "colorNeutralBackground1")).toBe("#000000");
    expect(relativeLuminance(token(black, "colorNeutralBackground1Hover"))).toBeGreaterThan(0);
    expect(token(black, "colorStrokeFocus2")).toBe("#ffffff");
  });

  test("body colors without contrast (a broken host) still give readable text", () => {
    const pane = paneTheme({
      bodyBackground: "#262626",
      bodyForeground: "#262626",
      controlBackground: null,
      controlForeground: null,
      isDark: true,
    });
    expect(
      contrastRatio(pane.foreground, token(pane.theme, "colorNeutralBackground1"))
    ).toBeGreaterThanOrEqual(4.5);
  });

  test("the body colors choose the side; isDarkTheme only when they cannot say", () => {
    const base = { controlBackground: null, controlForeground: null };
    const mid = { bodyBackground: "#6a6a6a", bodyForeground: "#f0f0f0", ...base };
    expect(paneTheme({ ...mid, isDark: false }).dark).toBe(true);
    const white = { bodyBackground: "#ffffff", bodyForeground: "#000000", ...base };
    expect(paneTheme({ ...white, isDark: true }).dark).toBe(false);
    const flat = { bodyBackground: "#777777", bodyForeground: "#777777", ...base };
    expect(paneTheme({ ...flat, isDark: true }).dark).toBe(true);
    expect(paneTheme({ ...flat, isDark: false }).dark).toBe(false);
    expect(paneTheme({ ...flat, isDark: null }).dark).toBe(false);
  });
});
