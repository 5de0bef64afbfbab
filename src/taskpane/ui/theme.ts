import { webDarkTheme, webLightTheme, type Theme } from "@fluentui/react-components";
import type { OfficeThemeColors } from "../../runtime/office-theme";

/**
 * The pane's Fluent UI theme from Excel's: Fluent's web light or dark theme, its
 * neutral backgrounds, strokes and text moved onto Office's body colors, and every text color
 * kept at 4.5:1 at least (WCAG 2.2 AA) and every control's outline at 3:1 on them.
 */

// ---------------------------------------------------------------------------------------------
// Colors: #rrggbb, relative luminance and contrast as WCAG 2.2 defines them
// ---------------------------------------------------------------------------------------------

type Rgb = [number, number, number];

const isHex = (value: string): boolean => /^#[0-9a-f]{6}$/i.test(value);

function rgb(hex: string): Rgb {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hex([r, g, b]: Rgb): string {
  const channel = (v: number): string =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** WCAG relative luminance of a #rrggbb color (0: black, 1: white). */
export function relativeLuminance(color: string): number {
  const [r, g, b] = rgb(color).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colors (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** `from` moved toward `to` by `amount` (0: from, 1: to). */
export function mix(from: string, to: string, amount: number): string {
  const [a, b] = [rgb(from), rgb(to)];
  return hex(a.map((v, i) => v + (b[i]! - v) * amount) as Rgb);
}

/**
 * `color`, or the nearest color toward black (on a light surface) or white (on a dark one) that
 * reaches `ratio` on every one of `surfaces`. Either end reaches 4.58:1 on any surface, so the
 * result always does for ratios up to that.
 */
export function ensureContrast(color: string, surfaces: string[], ratio: number): string {
  const worst = (c: string): number => Math.min(...surfaces.map((s) => contrastRatio(c, s)));
  if (worst(color) >= ratio) return color;
  const meanLuminance =
    surfaces.reduce((sum, s) => sum + relativeLuminance(s), 0) / surfaces.length;
  const end = meanLuminance < 0.179 ? "#ffffff" : "#000000";
  let [low, high] = [0, 1];
  for (let i = 0; i < 20; i++) {
    const middle = (low + high) / 2;
    if (worst(mix(color, end, middle)) >= ratio) high = middle;
    else low = middle;
  }
  // Rounding to whole channels may lose a hair: step on until the ratio holds.
  let amount = high;
  let result = mix(color, end, amount);
  while (worst(result) < ratio && amount < 1) {
    amount = Math.min(1, amount + 0.01);
    result = mix(color, end, amount);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The theme
// ---------------------------------------------------------------------------------------------

/** Text: 4.5:1 (WCAG 1.4.3). Controls' outlines and focus: 3:1 (WCAG 1.4.11). */
export const TEXT_CONTRAST = 4.5;
export const NON_TEXT_CONTRAST = 3;

export interface PaneTheme {
  theme: Theme;
  dark: boolean;
  /** The page's background and text (html and body, outside FluentProvider). */
  background: string;
  foreground: string;
}

type Tokens = Record<string, string>;

/** Backgrounds that follow Office's body background (moved as they are from Fluent's own). */
const MOVED_BACKGROUND = /^color(Neutral|Subtle)(Background|CardBackground|Stencil)/;
const MOVED_STROKE = /^colorNeutralStroke(\d|Subtle|Disabled)/;
const NOT_MOVED = /Inverted|Static|OnBrand|Alpha/;

/** Text on the pane's backgrounds (disabled text is exempt in WCAG, inverted is on other ones). */
const TEXT = /^color(Neutral|Brand|CompoundBrand|Status\w+|Palette\w+)Foreground/;
const NOT_TEXT_ON_PANE = /Disabled|Inverted|OnBrand|OnLight|Static/;
const NEUTRAL_TEXT = /^colorNeutralForeground[1-5]/;
const OUTLINES = /^(colorNeutralStrokeAccessible|colorCompoundBrandStroke|colorBrandStroke1)/;

/**
 * The light or dark side: light text on a darker body is the dark side (Fluent's dark theme's
 * status, brand and stroke colors are made for light text). Only when the body colors cannot
 * say (equally light: a broken host) do Office's `isDarkTheme` or the background decide.
 */
function isDark(colors: OfficeThemeColors): boolean {
  const background = relativeLuminance(colors.bodyBackground);
  const foreground = relativeLuminance(colors.bodyForeground);
  if (Math.abs(foreground - background) > 0.01) return foreground > background;
  return colors.isDark ?? background < 0.179;
}

function surfaces(tokens: Tokens): string[] {
  return [
    "colorNeutralBackground1",
    "colorNeutralBackground1Hover",
    "colorNeutralBackground1Selected",
    "colorNeutralBackground2",
    "colorNeutralBackground3",
    "colorSubtleBackgroundHover",
    "colorSubtleBackgroundSelected",
    "colorNeutralCardBackground",
  ]
    .map((name) => tokens[name])
    .filter((value): value is string => typeof value === "string" && isHex(value));
}

/** Fluent's light theme as is: no Office theme, or one that cannot be read. */
export const LIGHT_PANE_THEME: PaneTheme = {
  theme: webLightTheme,
  dark: false,
  background: webLightTheme.colorNeutralBackground1,
  foreground: webLightTheme.colorNeutralForeground1,
};

/** The pane's theme for Excel's colors (null: Excel gave none, the light theme). */
export function paneTheme(colors: OfficeThemeColors | null): PaneTheme {
  if (!colors || !isHex(colors.bodyBackground) || !isHex(colors.bodyForeground))
    return LIGHT_PANE_THEME;
  const dark = isDark(colors);
  const base = (dark ? webDarkTheme : webLightTheme) as unknown as Tokens;
  const tokens: Tokens = { ...base };
  const background = colors.bodyBackground.toLowerCase();
  const baseBackground = base.colorNeutralBackground1!;
  const baseForeground = base.colorNeutralForeground1!;

  // Backgrounds and strokes: Office's body background plus Fluent's own offset from its
  // background, so hover, pressed, cards and dividers keep their steps on Office's color.
  const [b0, b1, b2] = rgb(baseBackground);
  const office = rgb(background);
  for (const [name, value] of Object.entries(base)) {
    if (typeof value !== "string" || !isHex(value) || NOT_MOVED.test(name)) continue;
    if (!MOVED_BACKGROUND.test(name) && !MOVED_STROKE.test(name)) continue;
    const [r, g, b] = rgb(value);
    tokens[name] = hex([office[0] + r - b0, office[1] + g - b1, office[2] + b - b2]);
  }
  tokens.colorNeutralBackground1 = background;

  // Text: Office's body foreground (at 4.5:1 on Office's background) where Fluent has its
  // main text color; the backgrounds text sits on (hover, selected, cards) kept at 4.5:1 under
  // it (a mid-gray body's lighter hover would not be); then every text color at 4.5:1 on them.
  const foreground = ensureContrast(
    colors.bodyForeground.toLowerCase(),
    [background],
    TEXT_CONTRAST
  );
  for (const name of Object.keys(tokens)) {
    if (name === "colorNeutralBackground1" || !MOVED_BACKGROUND.test(name)) continue;
    if (NOT_MOVED.test(name) || !isHex(tokens[name]!)) continue;
    tokens[name] = ensureContrast(tokens[name]!, [foreground], TEXT_CONTRAST);
  }
  const onPane = surfaces(tokens);
  for (const [name, value] of Object.entries(base)) {
    if (NEUTRAL_TEXT.test(name) && value === baseForeground) tokens[name] = foreground;
  }
  for (const [name, value] of Object.entries(tokens)) {
    if (!TEXT.test(name) || NOT_TEXT_ON_PANE.test(name) || !isHex(value)) continue;
    if (/^colorPalette/.test(name) && !/Foreground1$/.test(name)) continue;
    tokens[name] = ensureContrast(value, onPane, TEXT_CONTRAST);
  }
  // Outlines (inputs' underline, checkboxes) and the focus ring: 3:1 on the background.
  for (const [name, value] of Object.entries(tokens)) {
    if (OUTLINES.test(name) && isHex(value))
      tokens[name] = ensureContrast(value, [background], NON_TEXT_CONTRAST);
  }
  tokens.colorStrokeFocus1 = background;
  tokens.colorStrokeFocus2 = foreground;

  return { theme: tokens as unknown as Theme, dark, background, foreground };
}
