import { useEffect, useState } from "react";
import {
  Button,
  Caption1,
  Checkbox,
  Field,
  Input,
  Select,
  Spinner,
  makeStyles,
} from "@fluentui/react-components";
import { DECISION_MAKER_CATEGORIES } from "../../api/types";
import { categories as categoryList } from "../../functions/arguments";
import { t, type MessageId } from "../../i18n/i18n";
import {
  DEFAULT_BULK_THRESHOLD,
  enrichBulkParts,
  jobOfEnrichment,
} from "../../flows/enrich/enrich-bulk";
import {
  OUTPUT_FIELDS,
  notPossibleCells,
  outputHeader,
  type EnrichOperation,
} from "../../lists/enrich-outputs";
import { INPUT_FIELDS, type EnrichPlan } from "../../flows/enrich/enrich-plan";
import { prepareEnrichTarget } from "../../workbook/enrich-columns";
import { readEnrichSource, locationOf, type EnrichSource } from "../../workbook/enrich-source";
import { writeEnrichedRows } from "../../workbook/enrich-write";
import { ColumnMappingFields } from "./ColumnMappingFields";
import { EnrichProgressView } from "./EnrichProgress";
import { fieldError } from "./field-error";
import { useEnrichRun, usePane } from "./pane-context";
import { SpendingOffNote } from "./SpendingOffNote";
import { useEnrichForm } from "./use-enrich-form";
import type { NumberedRequest } from "./use-pane-requests";
import type { EnrichRequest } from "../../runtime/pane-requests";
import { useSpendingOffReason } from "./use-spending";
import { atField, useAsyncAction } from "./use-async-action";
import { RefreshAnswers, type RefreshCount } from "./RefreshAnswers";
import { countOldListAnswers, refreshOldListAnswers } from "../../flows/refresh/refresh-list";
import { RunButton } from "./RunButton";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "10px" },
  outputs: { display: "flex", flexWrap: "wrap" },
  // A long option (a long language) is cut with an ellipsis, never wider than the pane.
  select: { minWidth: 0, maxWidth: "100%" },
  selectElement: { minWidth: 0, width: "100%", textOverflow: "ellipsis" },
});

const OPERATIONS: Array<[EnrichOperation, MessageId]> = [
  ["person", "enrich.operationPerson"],
  ["verify", "enrich.operationVerify"],
  ["decision_maker", "enrich.operationDecisionMaker"],
];

/** The categories as typed in the field (the service's own words, the same in every language). */
const CATEGORY_EXAMPLE = ["ceo", "sales"].join(", ");

function costText(plan: EnrichPlan): string {
  const parts = [t("enrich.costRowsToDo", { count: plan.toDo.length })];
  if (plan.done.length > 0) parts.push(t("enrich.costDone", { count: plan.done.length }));
  if (plan.notPossible.length > 0)
    parts.push(t("enrich.costNotPossible", { count: plan.notPossible.length }));
  if (plan.waiting.length > 0) parts.push(t("enrich.costWaiting", { count: plan.waiting.length }));
  parts.push(t("enrich.costCredits", { credits: plan.maxCredits, lookups: plan.lookups.length }));
  return parts.join(" · ");
}

const jobLabel = (source: EnrichSource): string =>
  t("enrich.jobLabel", { name: source.tableName ?? source.sheetName });

/** Enrich in place: answers written beside the user's own list. */
export function EnrichPanel({
  request,
  onRequestTaken,
}: {
  request: NumberedRequest<EnrichRequest> | null;
  onRequestTaken: () => void;
}): JSX.Element {
  const styles = useStyles();
  const { services, jobs, show, enrichRunner } = usePane();
  const [thresholdText, setThresholdText] = useState(String(DEFAULT_BULK_THRESHOLD));
  const threshold = /^\s*\d+\s*$/.test(thresholdText) ? Number(thresholdText) : null;
  const spendingOff = useSpendingOffReason();
  const form = useEnrichForm();
  const { source, plan, operation } = form;
  // The run shown: the one started here, else the one this runtime started or continued last
  // (a run goes on in the runtime when the tab or the pane is closed).
  const [runId, setRunId] = useState<string | null>(null);
  const [runShown, setRunShown] = useState(true);
  const run = useEnrichRun(runId);
  const running = run !== undefined && run.summary === null && run.error === null;
  // The source a run wrote into: its output columns changed, so it is read again before another.
  const [ranOn, setRanOn] = useState<EnrichSource | null>(null);
  const action = useAsyncAction((work: () => Promise<void>) => work());

  const readSource = (op: EnrichOperation = operation) =>
    action.run(async () => {
      const next = await atField("source", readEnrichSource());
      form.load(next, op);
      setRunShown(false);
    });

  useEffect(() => {
    if (!request) return;
    onRequestTaken();
    void readSource(request.operation);
    // Acted on once per request, whenever the panel mounts after it arrived.
  }, [request?.id]);

  const asBulk =
    plan !== null && !("error" in plan) && threshold !== null && plan.toDo.length > threshold;

  /** Above the threshold: the rows to do as bulk searches, jobs of the workbook. */
  const submitBulk = async (source: EnrichSource, plan: EnrichPlan): Promise<void> => {
    const categories = operation === "decision_maker" ? categoryList([[form.categoriesText]]) : [];
    const target = await prepareEnrichTarget(source, form.outputs);
    setRanOn(source);
    setRunShown(false);
    if (plan.notPossible.length > 0)
      await writeEnrichedRows(
        target,
        plan.notPossible.map(({ row, reason }) => ({
          row,
          values: notPossibleCells(form.outputs, reason),
        }))
      );
    const client = await services.client();
    const parts = enrichBulkParts({
      source,
      toDo: plan.toDo,
      mapping: form.mapping,
      operation,
      categories,
      outputs: form.outputs,
      label: jobLabel(source),
    });
    for (const part of parts) {
      const search = await client.bulk.createJson(part.request);
      await jobs.add(
        jobOfEnrichment(search, {
          ...part.info,
          columns: target.columns,
          ...(form.onlyValid ? { onlyValid: true } : {}),
        })
      );
    }
    show("jobs");
  };

  const submit = () =>
    action.run(async () => {
      if (!source || !plan || "error" in plan || form.conflicts) return;
      if (asBulk) return submitBulk(source, plan);
      // A job of the workbook (Jobs), continued if the workbook is closed before it ends.
      const { jobId, finished } = await enrichRunner.start({
        source,
        plan,
        mapping: form.mapping,
        operation,
        categories: operation === "decision_maker" ? categoryList([[form.categoriesText]]) : [],
        outputs: form.outputs,
        onlyValid: form.onlyValid,
        label: jobLabel(source),
      });
      setRanOn(source);
      setRunId(jobId);
      setRunShown(true);
      await finished;
      // Its output columns changed: the list is read again where it is, the choices kept.
      form.reload(await readEnrichSource(locationOf(source)));
    });

  /** Refresh of the list read: its rows older than N days looked up again. */
  const countOld = async (days: number): Promise<RefreshCount> => {
    if (!source) throw new Error(t("refresh.readListFirst"));
    const scheduler = await services.scheduler();
    const categories = operation === "decision_maker" ? categoryList([[form.categoriesText]]) : [];
    const choices = { mapping: form.mapping, operation, categories, outputs: form.outputs };
    const found = await countOldListAnswers(scheduler, source, choices, days);
    if ("error" in found) throw new Error(found.error);
    const bouncedRows = found.bounced.reduce((sum, b) => sum + b.lookup.rows.length, 0);
    return {
      old: found.old.length,
      rewrites: bouncedRows,
      maxCredits: found.maxCredits,
      notes: bouncedRows > 0 ? [t("refresh.listBouncedToWrite", { count: bouncedRows })] : [],
      run: async () => {
        const done = await refreshOldListAnswers(scheduler, found, { onlyValid: form.onlyValid });
        form.reload(await readEnrichSource(locationOf(source)));
        const notes = [t("refresh.listRewritten", { count: done.written })];
        if (done.typedInto > 0) notes.push(t("refresh.listTypedInto", { count: done.typedInto }));
        return { outcome: done.outcome, notes };
      },
    };
  };

  const planError = plan && "error" in plan ? plan.error : null;
  const stale = source !== null && source === ranOn;
  const canRun =
    !action.busy &&
    plan !== null &&
    !planError &&
    !form.conflicts &&
    !stale &&
    !running &&
    spendingOff === null &&
    threshold !== null &&
    !("error" in plan) &&
    plan.toDo.length + plan.notPossible.length > 0;

  return (
    <div className={styles.form}>
      <Field label={t("enrich.yourList")} {...action.errorFor("source")}>
        <RunButton run={readSource} busy={action.busy} testId="enrich-from-selection">
          {t("enrich.useSelection")}
        </RunButton>
      </Field>
      <Field label={t("enrich.whatToLookUp")}>
        <Select
          className={styles.select}
          select={{ className: styles.selectElement }}
          value={operation}
          onChange={(_, d) => form.setOperation(d.value as EnrichOperation)}
          data-testid="enrich-operation"
        >
          {OPERATIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </Select>
      </Field>
      {action.busy && !running && <Spinner size="tiny" label={t("enrich.working")} />}
      {source && (
        <>
          <Caption1 data-testid="enrich-source">
            {t("enrich.sourceRows", {
              count: source.rows.length,
              kind: source.tableName ? "table" : "sheet",
              name: source.tableName ?? source.sheetName,
            })}
          </Caption1>
          <ColumnMappingFields
            fields={INPUT_FIELDS[operation]}
            mapping={form.mapping}
            onChange={form.setMapping}
            width={source.columnCount}
            headerRow={source.header ?? []}
            testIdPrefix="enrich-map"
          />
          {operation === "decision_maker" && (
            <Field
              label={t("enrich.categoriesLabel")}
              hint={t("enrich.categoriesHint", {
                categories: DECISION_MAKER_CATEGORIES.join(", "),
              })}
            >
              <Input
                value={form.categoriesText}
                onChange={(_, d) => form.setCategoriesText(d.value)}
                placeholder={CATEGORY_EXAMPLE}
                data-testid="enrich-categories"
              />
            </Field>
          )}
          <Field label={t("enrich.columnsToWrite")}>
            <div className={styles.outputs}>
              {OUTPUT_FIELDS[operation].map((field) => (
                <Checkbox
                  key={field}
                  label={outputHeader(field)}
                  checked={form.outputs.includes(field)}
                  disabled={field === "email_status" && form.onlyValid}
                  onChange={(_, d) => form.setOutput(field, Boolean(d.checked))}
                  data-testid={`enrich-output-${field}`}
                />
              ))}
            </div>
          </Field>
          {form.onlyValidPossible && (
            <Field hint={t("enrich.onlyValidHint")}>
              <Checkbox
                label={t("enrich.onlyValid")}
                checked={form.onlyValid}
                onChange={(_, d) => form.setOnlyValid(Boolean(d.checked))}
                data-testid="enrich-only-valid"
              />
            </Field>
          )}
          <Field {...fieldError(planError ?? form.conflicts)}>
            {plan && !("error" in plan) && (
              <Caption1
                data-testid="enrich-cost"
                data-rows={plan.toDo.length}
                data-max-credits={plan.maxCredits}
              >
                {costText(plan)}
              </Caption1>
            )}
          </Field>
          <Field
            label={t("enrich.bulkThreshold")}
            {...fieldError(threshold === null ? t("enrich.bulkThresholdInvalid") : null)}
          >
            <Input
              value={thresholdText}
              onChange={(_, d) => setThresholdText(d.value)}
              inputMode="numeric"
              data-testid="enrich-bulk-threshold"
            />
            {asBulk && <Caption1 data-testid="enrich-as-bulk">{t("enrich.asBulk")}</Caption1>}
          </Field>
          <Field {...action.errorFor("submit")}>
            <Button
              appearance="primary"
              disabled={!canRun}
              onClick={() => void submit()}
              data-testid="enrich-submit"
            >
              {t("enrich.submit")}
            </Button>
            <SpendingOffNote reason={spendingOff} />
            {stale && !action.busy && <Caption1>{t("enrich.readAgain")}</Caption1>}
          </Field>
        </>
      )}
      {run && runShown && (
        <EnrichProgressView progress={run.progress} summary={run.summary} error={run.error} />
      )}
      <RefreshAnswers
        note={t("refresh.listNote")}
        checkLabel={t("refresh.checkList")}
        count={countOld}
        unavailable={source ? null : t("refresh.readListFirst")}
      />
    </div>
  );
}
