/* global document, window */

/**
 * Excel's theme as the add-in reads it (`Office.context.officeTheme`): the body's
 * colors, which the pane's Fluent theme is built on, and the controls' colors. Excel's themes
 * are Colorful, Dark Gray, Black and White (and "use system setting", which gives one of them);
 * Excel has no theme-changed event, so the theme is read at start and again whenever the pane
 * is shown or gets focus.
 */
export interface OfficeThemeColors {
  /** `#rrggbb`, lower case. */
  bodyBackground: string;
  bodyForeground: string;
  /** null when the host gives no readable control color. */
  controlBackground: string | null;
  controlForeground: string | null;
  /** `isDarkTheme` where the host has it (newer hosts); null otherwise. */
  isDark: boolean | null;
}

const HEX_COLOR = /^#?([0-9a-f]{6})$/i;

/** `#rrggbb` (lower case) from a color triplet as Office gives it; null for anything else. */
export function parseHexColor(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const match = HEX_COLOR.exec(value.trim());
  return match ? `#${match[1]!.toLowerCase()}` : null;
}

/** A property of the host's object, or undefined when reading it throws. */
function read(source: object, name: string): unknown {
  try {
    return (source as Record<string, unknown>)[name];
  } catch {
    return undefined;
  }
}

/** `isDarkTheme`: a boolean in the API, a method in some hosts' builds; null when unknown. */
function readIsDark(theme: object): boolean | null {
  let value = read(theme, "isDarkTheme");
  if (typeof value === "function") {
    try {
      value = (value as () => unknown).call(theme);
    } catch {
      return null;
    }
  }
  return typeof value === "boolean" ? value : null;
}

/**
 * The colors of an `Office.OfficeTheme`-like object; null (the light theme) when it is missing
 * (Excel on the web) or its body colors are not readable.
 */
export function officeThemeFrom(theme: unknown): OfficeThemeColors | null {
  if (!theme || (typeof theme !== "object" && typeof theme !== "function")) return null;
  const bodyBackground = parseHexColor(read(theme, "bodyBackgroundColor"));
  const bodyForeground = parseHexColor(read(theme, "bodyForegroundColor"));
  if (!bodyBackground || !bodyForeground) return null;
  return {
    bodyBackground,
    bodyForeground,
    controlBackground: parseHexColor(read(theme, "controlBackgroundColor")),
    controlForeground: parseHexColor(read(theme, "controlForegroundColor")),
    isDark: readIsDark(theme),
  };
}

interface OfficeContextLike {
  context?: { officeTheme?: unknown };
}

/** Excel's theme now; null (the light theme) without one or when reading it fails. */
export function readOfficeTheme(): OfficeThemeColors | null {
  try {
    const office = (globalThis as { Office?: OfficeContextLike }).Office;
    return officeThemeFrom(office?.context?.officeTheme);
  } catch {
    return null;
  }
}

/** A key that is equal for equal themes (null: the light theme). */
export function officeThemeKey(colors: OfficeThemeColors | null): string {
  if (!colors) return "light";
  const { bodyBackground, bodyForeground, controlBackground, controlForeground, isDark } = colors;
  return [bodyBackground, bodyForeground, controlBackground, controlForeground, isDark].join(" ");
}

/**
 * Reads the theme again when the pane is shown (the document becomes visible) or gets focus,
 * and calls `changed` when it differs from the last one read (`initial`). Returns the function
 * that stops watching.
 */
export function watchOfficeTheme(
  initial: OfficeThemeColors | null,
  changed: (colors: OfficeThemeColors | null) => void
): () => void {
  let last = officeThemeKey(initial);
  const check = (): void => {
    const colors = readOfficeTheme();
    const key = officeThemeKey(colors);
    if (key === last) return;
    last = key;
    changed(colors);
  };
  const onVisibility = (): void => {
    if (document.visibilityState === "visible") check();
  };
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("focus", check);
  return () => {
    document.removeEventListener("visibilitychange", onVisibility);
    window.removeEventListener("focus", check);
  };
}
