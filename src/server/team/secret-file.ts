import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { errorCode } from "../../api/error-code";

// The files team mode reads its secrets from (the admin token, the service key, the sealing
// key): one value on one line, readable by the host's user only, so that another
// account on the machine cannot take them. Errors name the file and never its content.

/**
 * A secret file's content, trimmed; throws when it cannot be read, is readable by the group or
 * others, or is not one value on one line. The mode is read from the opened file (no window
 * between the check and the read). Windows has no such mode bits: not checked there.
 */
export function readSecretFile(file: string, what: string): string {
  let text: string;
  let fd: number | undefined;
  try {
    fd = openSync(file, "r");
    const mode = fstatSync(fd).mode & 0o777;
    if (process.platform !== "win32" && (mode & 0o077) !== 0)
      throw new Error(
        `The ${what} file ${file} can be read by other users (mode ${mode.toString(8).padStart(4, "0")}): ` +
          `make it readable by the host's user only: chmod 600 ${file}`
      );
    text = readFileSync(fd, "utf8");
  } catch (error) {
    const code = errorCode(error);
    if (!code) throw error;
    throw new Error(`The ${what} file ${file} cannot be read: ${code}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const value = text.trim();
  if (value === "" || /\s/.test(value))
    throw new Error(`The ${what} file ${file} must hold one value on one line`);
  return value;
}
