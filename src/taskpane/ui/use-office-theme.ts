/* global document */
import { useEffect, useLayoutEffect, useMemo, useState } from "react";
import { readOfficeTheme, watchOfficeTheme } from "../../runtime/office-theme";
import { paneTheme, type PaneTheme } from "./theme";

/**
 * The page outside FluentProvider (html and body, the boot message) in the pane's colors: the
 * CSS variables taskpane.html reads, `color-scheme` for the scrollbars, and `data-theme`.
 */
export function applyPageTheme(pane: PaneTheme): void {
  const root = document.documentElement;
  root.style.setProperty("--mf-page-background", pane.background);
  root.style.setProperty("--mf-page-foreground", pane.foreground);
  root.style.colorScheme = pane.dark ? "dark" : "light";
  root.dataset.theme = pane.dark ? "dark" : "light";
}

/**
 * The pane's theme, following Excel's: read when the pane mounts and again whenever it is
 * shown or gets focus (Excel has no theme-changed event).
 */
export function useOfficeTheme(): PaneTheme {
  const [colors, setColors] = useState(readOfficeTheme);
  useEffect(() => watchOfficeTheme(colors, setColors), [colors]);
  // A new object only when the theme changed (watchOfficeTheme compares them).
  const pane = useMemo(() => paneTheme(colors), [colors]);
  // Before the first paint: the page is never seen in the other theme's colors.
  useLayoutEffect(() => applyPageTheme(pane), [pane]);
  return pane;
}
