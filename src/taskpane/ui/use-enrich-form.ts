import { useMemo, useState } from "react";
import type { ColumnMapping } from "../../lists/mapping";
import { t } from "../../i18n/i18n";
import {
  DEFAULT_OUTPUTS,
  OUTPUT_FIELDS,
  leftOutForStatus,
  type EnrichOperation,
  type OutputField,
} from "../../lists/enrich-outputs";
import {
  planOfSource,
  suggestEnrichMapping,
  type EnrichPlan,
} from "../../flows/enrich/enrich-plan";
import { rowsWaitingInJobs } from "../../flows/enrich/enrich-job";
import { conflictAddresses } from "../../workbook/enrich-columns";
import { firstDataRow, type EnrichSource } from "../../workbook/enrich-source";
import { useJobs } from "./pane-context";

/** Addresses named in the refusal; the rest are counted. */
const ADDRESSES_SHOWN = 5;

/** The refusal of a run over cells the user typed into, naming where they are. */
export function conflictMessage(addresses: readonly string[]): string | null {
  if (addresses.length === 0) return null;
  return t("enrich.conflicts", {
    cells: addresses.slice(0, ADDRESSES_SHOWN).join(", "),
    more: Math.max(0, addresses.length - ADDRESSES_SHOWN),
  });
}

/** Whether a list has a row whose email was left out for its status (only valid emails). */
function writtenOnlyValid(source: EnrichSource): boolean {
  const present = [...source.outputs].sort((a, b) => a.column - b.column);
  const fields = present.map((output) => output.field);
  return source.rows.some((_, row) =>
    leftOutForStatus(
      fields,
      present.map((output) => output.values[row] ?? null)
    )
  );
}

const rowsOf = (source: EnrichSource) =>
  source.header ? [source.header, ...source.rows] : source.rows;

/** The Enrich tab's form: the source read, operation, mapping, categories, outputs, and the plan. */
export function useEnrichForm() {
  const [source, setSource] = useState<EnrichSource | null>(null);
  const [operation, setOperationState] = useState<EnrichOperation>("person");
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [categoriesText, setCategoriesText] = useState("");
  const [outputs, setOutputs] = useState<readonly OutputField[]>(DEFAULT_OUTPUTS.person);
  const [onlyValidChosen, setOnlyValidChosen] = useState(false);
  // Only valid emails leaves an email out and writes why in the status column.
  const onlyValidPossible = operation !== "verify" && outputs.includes("email");
  const onlyValid = onlyValidChosen && onlyValidPossible;

  const suggest = (next: EnrichSource, op: EnrichOperation): void =>
    setMapping(suggestEnrichMapping(rowsOf(next), next.header !== null, op, next.outputs));

  /**
   * A source just read, for `op` (a command may choose the operation with the read). A list
   * written before with only valid emails is read with that choice made again.
   */
  const load = (next: EnrichSource, op: EnrichOperation = operation): void => {
    setSource(next);
    setOperation(op);
    suggest(next, op);
    if (writtenOnlyValid(next)) setOnlyValid(true);
  };

  /** The same list read again (a run wrote into it): the choices made stay. */
  const reload = (next: EnrichSource): void => setSource(next);

  function setOperation(op: EnrichOperation): void {
    if (op === operation) return;
    setOperationState(op);
    setOutputs(DEFAULT_OUTPUTS[op]);
    if (source) suggest(source, op);
  }

  /** Outputs are kept in the order the operation offers them. */
  const setOutput = (field: OutputField, on: boolean): void =>
    setOutputs((current) =>
      OUTPUT_FIELDS[operation].filter((f) => (f === field ? on : current.includes(f)))
    );

  /** Only valid emails: the status column is written with it (it says why an email is left out). */
  const setOnlyValid = (on: boolean): void => {
    setOnlyValidChosen(on);
    if (on) setOutput("email_status", true);
  };

  // Rows already sent in a bulk search of this list are left to it (never paid for twice).
  const jobs = useJobs();
  const waiting = useMemo(
    () => source && rowsWaitingInJobs(jobs, { ...source, firstDataRow: firstDataRow(source) }),
    [jobs, source]
  );
  const plan: EnrichPlan | { error: string } | null = useMemo(
    () =>
      source &&
      planOfSource(source, {
        mapping,
        operation,
        categories: categoriesText.trim() === "" ? [] : [categoriesText],
        outputs,
        onlyValid,
        waiting: waiting ?? undefined,
      }),
    [source, mapping, operation, categoriesText, outputs, onlyValid, waiting]
  );
  const conflicts = useMemo(
    () =>
      source && plan && !("error" in plan)
        ? conflictMessage(conflictAddresses(source, outputs, plan.conflicts))
        : null,
    [source, plan, outputs]
  );

  return {
    source,
    load,
    reload,
    operation,
    setOperation,
    mapping,
    setMapping,
    categoriesText,
    setCategoriesText,
    outputs,
    setOutput,
    onlyValid,
    onlyValidPossible,
    setOnlyValid,
    plan,
    conflicts,
  };
}
