import { Unzip, UnzipInflate, unzipSync, type FlateError } from "fflate";
import { t } from "../i18n/i18n";

// The parts of an XLSX file, an untrusted zip archive: its directory listed without inflating
// anything, and one part inflated piece by piece under caps (a zip bomb is stopped early).

/** Inflated bytes one preview may read: the first rows need far less, a zip bomb far more. */
const MAX_INFLATED = 16 * 1024 * 1024;
/** A part needed for the preview may not declare more (100,000 rows, a bulk search's most, are far less). */
const MAX_DECLARED = 1024 * 1024 * 1024;
/** Parts of the archive; a workbook has a few dozen. */
const MAX_ENTRIES = 20_000;
/**
 * Compressed bytes handed to the unzipper at a time: deflate expands at most about 1,032
 * times, so the caps are checked at least every 4 MB inflated.
 */
const STEP = 4 * 1024;

/** A workbook this preview will not read, with the message for the user. */
class UnreadableWorkbook extends Error {}

export const damaged = (detail: string): Error =>
  new UnreadableWorkbook(t("bulk.xlsxDamaged", { detail }));

const tooLarge = (cap?: number): Error =>
  new UnreadableWorkbook(
    cap === undefined
      ? t("bulk.xlsxTooLarge", { megabytes: MAX_INFLATED / 1024 / 1024 })
      : t("report.fileTooLarge", { megabytes: cap / 1024 / 1024 })
  );

/** The parts of the archive and the size each declares, from its central directory. */
export function listEntries(bytes: Uint8Array): Map<string, number> {
  const entries = new Map<string, number>();
  // Each record of the directory takes at least 46 bytes: a larger count is a lie.
  const most = Math.min(MAX_ENTRIES, Math.floor(bytes.length / 46));
  let count = 0;
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        if (++count > most) throw damaged(t("bulk.damageTooManyParts"));
        if (!entries.has(entry.name)) entries.set(entry.name, entry.originalSize);
        return false; // nothing is inflated here
      },
    });
  } catch (error) {
    throw flateError(error);
  }
  return entries;
}

/** An error of fflate (or already ours) as the message for the user. */
function flateError(error: unknown, part?: string): Error {
  if (error instanceof UnreadableWorkbook) return error;
  const code = (error as Partial<FlateError>).code;
  if (code === 14) return new UnreadableWorkbook(t("bulk.xlsxCompression"));
  const detail =
    code === 13
      ? t("bulk.damageZipStructure")
      : error instanceof Error
        ? error.message
        : String(error);
  return damaged(part ? `${part}: ${detail}` : detail);
}
export interface Archive {
  bytes: Uint8Array;
  entries: Map<string, number>;
  /** Bytes inflated so far, for MAX_INFLATED (or `maxInflated`, when the whole sheet is read). */
  inflated: number;
  maxInflated?: number;
}

/**
 * Inflates one part as text, handing it to `take` piece by piece until `take` returns true
 * (it has what it needs) or the part ends. Throws with a message when the part is missing,
 * damaged, larger than it declares, or when the preview's cap is reached.
 */ export function readPart(
  archive: Archive,
  name: string,
  take: (text: string, end: boolean) => boolean
): void {
  const declared = archive.entries.get(name);
  if (declared === undefined) throw damaged(t("bulk.damagePartMissing", { part: name }));
  if (declared > MAX_DECLARED)
    throw damaged(
      t("bulk.damagePartDeclares", { part: name, megabytes: Math.round(declared / 1024 / 1024) })
    );
  const decoder = new TextDecoder();
  let found = false;
  let done = false;
  let read = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((entry) => {
    if (found || entry.name !== name) return; // other parts are skipped, never inflated
    found = true;
    entry.ondata = (error, data, final) => {
      if (done || failure) return;
      read += data?.length ?? 0;
      archive.inflated += data?.length ?? 0;
      try {
        if (error) throw flateError(error, name);
        // A bomb declares a small size: it is stopped at the first bytes past it.
        if (read > declared)
          throw damaged(t("bulk.damagePartExpands", { part: name, bytes: declared }));
        if (archive.inflated > (archive.maxInflated ?? MAX_INFLATED))
          throw tooLarge(archive.maxInflated);
        done = take(decoder.decode(data, { stream: !final }), final) || final;
      } catch (problem) {
        failure = problem as Error;
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < archive.bytes.length && !done && !failure; at += STEP)
      unzip.push(archive.bytes.subarray(at, at + STEP), at + STEP >= archive.bytes.length);
  } catch (error) {
    failure ??= flateError(error, name);
  }
  if (failure) throw failure;
  if (!found) throw damaged(t("bulk.damagePartNotStored", { part: name }));
  if (!done) throw damaged(t("bulk.damagePartCutShort", { part: name }));
}
