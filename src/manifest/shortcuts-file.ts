import type { AddinDescription } from "./addin-description";

// The keyboard-shortcuts file of the XML manifest's ExtendedOverrides (Microsoft's
// extended-manifest format): each command function as an action, and its key combination.

export interface ShortcutsFile {
  actions: { id: string; type: "ExecuteFunction"; name: string }[];
  shortcuts: { action: string; key: { default: string } }[];
}

export function shortcutsFile(addin: AddinDescription): ShortcutsFile {
  return {
    actions: addin.commandFunctions.map((fn) => ({
      id: fn.id,
      type: "ExecuteFunction",
      name: fn.name,
    })),
    shortcuts: addin.keyboardShortcuts.map((shortcut) => ({
      action: shortcut.functionId,
      key: { default: shortcut.key },
    })),
  };
}
