import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SETTINGS, SETTING_NAMES, type Setting } from "../../src/server/config/settings";
import { TABLE_END, TABLE_START, USAGE, configurationTable } from "../../src/server/config/usage";
import { ROOT } from "./helpers";

// The configuration has one source, the settings table of the code (issue 36 item 4): the
// operator's table in docs/operations.md and `--help` are made from it, and this fails when the
// document was not written again after a change (npx tsx scripts/write-config-table.ts).

describe("the configuration table", () => {
  test("docs/operations.md holds the table the code makes, as it makes it", () => {
    const doc = readFileSync(join(ROOT, "docs/operations.md"), "utf8");
    const start = doc.indexOf(TABLE_START);
    const end = doc.indexOf(TABLE_END);
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    expect(doc.slice(start + TABLE_START.length, end).trim()).toBe(configurationTable());
  });

  test("every setting has a prefixed variable, a row, and a place in --help", () => {
    const table = configurationTable();
    const envs = new Set<string>();
    for (const name of SETTING_NAMES) {
      const setting: Setting = SETTINGS[name];
      expect(setting.env).toMatch(/^MAILFINDER_[A-Z0-9_]+$/);
      expect(envs.has(setting.env)).toBe(false);
      envs.add(setting.env);
      expect(table).toContain(`\`${setting.env}\``);
      expect(USAGE).toContain(setting.env);
      if (setting.flag) expect(USAGE).toContain(setting.flag);
      for (const alias of setting.aliases) expect(alias.name).not.toMatch(/^MAILFINDER_/);
    }
    // The database URL holds a password: never a flag, where every user of the machine sees it.
    expect(SETTINGS["database-url"].flag).toBeNull();
  });
});
