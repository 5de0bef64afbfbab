import { parseServerArgs } from "../../src/server/options";

// The team host's transport and secrets on its command line (issue 34 items 4 and 6): the
// company's key never goes in clear across a network, and a sealing key file can be named.

describe("team mode's options", () => {
  const team = ["--dist", "d", "--team", "--service-key-file", "k", "--admin-token-file", "a"];

  test("a plain http upstream on another machine is refused in team mode; this machine's is accepted", () => {
    for (const upstream of [
      "http://api.example.com",
      "http://10.0.0.5:8080/v",
      "http://[fd00::1]/",
    ])
      expect(() => parseServerArgs([...team, "--upstream", upstream], {})).toThrow(
        /plain http on another machine: team mode sends the company's key/
      );
    for (const upstream of [
      "https://api.example.com",
      "http://127.0.0.1:4010",
      "http://localhost:4010",
      "http://[::1]:4010",
    ])
      expect(parseServerArgs([...team, "--upstream", upstream], {}).team).not.toBeNull();
    // Without team mode the key is the user's own, sent by their choice of base URL.
    expect(
      parseServerArgs(["--dist", "d", "--upstream", "http://api.example.com"], {}).team
    ).toBeNull();
  });

  test("--sealing-key-file, or SEALING_KEY_FILE, reaches team mode", () => {
    const base = [...team, "--upstream", "https://api.example.com"];
    expect(parseServerArgs(base, {}).team?.sealingKeyFile).toBeUndefined();
    expect(
      parseServerArgs([...base, "--sealing-key-file", "/run/s"], {}).team?.sealingKeyFile
    ).toBe("/run/s");
    expect(parseServerArgs(base, { SEALING_KEY_FILE: "/run/e" }).team?.sealingKeyFile).toBe(
      "/run/e"
    );
  });
});
