/* global Office */

/**
 * Whether this Office has a requirement set, asked of the host each time (a runtime may start
 * before Office is ready); no Office, or a host that throws, has none.
 */
export function officeSupports(requirement: { name: string; version: string }): boolean {
  try {
    return (
      typeof Office !== "undefined" &&
      Office.context?.requirements?.isSetSupported(requirement.name, requirement.version) === true
    );
  } catch {
    return false;
  }
}
