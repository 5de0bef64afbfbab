import { useId, useMemo, useState } from "react";
import {
  Button,
  Caption1,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { DECISION_MAKER_CATEGORIES, type BulkCell } from "../../api/types";
import { t } from "../../i18n/i18n";
import { readSelection } from "../../workbook/selection";
import { noDataRowsMessage, planBulk } from "../../lists/bulk-request";
import {
  MAPPED_FIELDS,
  detectHeader,
  indexFieldOf,
  searchKind,
  suggestMapping,
  type ColumnMapping,
} from "../../lists/mapping";
import { ColumnMappingFields } from "./ColumnMappingFields";
import { parseCategories } from "../../lists/categories";
import { usePane } from "./pane-context";
import { fieldError } from "./field-error";
import { jobOfSearch } from "../../flows/jobs/job-records";
import { SpendingOffNote } from "./SpendingOffNote";
import { useSpendingOffReason } from "./use-spending";
import { FieldError, atField, useAsyncAction } from "./use-async-action";
import { RunButton } from "./RunButton";

// The file reader (CSV and XLSX parsers) comes when a file is picked: the Bulk tab is the
// pane's first screen, which need not wait for it (load time).
const loadFilePreview = () =>
  import(/* webpackChunkName: "file-preview" */ "../../lists/file-preview");

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "10px" },
  row: { display: "flex", gap: "8px", alignItems: "center", flexWrap: "wrap" },
  muted: { color: tokens.colorNeutralForeground3 },
});

interface Source {
  kind: "selection" | "file";
  label: string;
  /** All rows for a selection; the first rows of a file (its mapping preview). */
  values: BulkCell[][];
  file?: File;
}

/** Bulk search from the selected range (bulk/json) or a CSV/XLSX file (bulk/multipart). */
export function BulkPanel(): JSX.Element {
  const fileInputId = useId();
  const styles = useStyles();
  const { services, jobs, show } = usePane();
  const spendingOff = useSpendingOffReason();
  const [source, setSource] = useState<Source | null>(null);
  const [hasHeader, setHasHeader] = useState(true);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [categoriesText, setCategoriesText] = useState("");
  const [label, setLabel] = useState("");
  // One action at a time: reading the selection, reading a file, or submitting.
  const action = useAsyncAction((work: () => Promise<void>) => work());
  const busy = action.busy;

  const categories = useMemo(() => parseCategories(categoriesText), [categoriesText]);
  const kind = searchKind(mapping, (categories.ok ? categories.value : []).length > 0);
  const width = source ? Math.max(0, ...source.values.slice(0, 50).map((r) => r.length)) : 0;
  const headerRow = source && hasHeader ? (source.values[0] ?? []) : [];
  const plan = useMemo(() => {
    if (!source || source.kind !== "selection" || typeof kind !== "string" || !categories.ok)
      return null;
    return planBulk({
      values: source.values,
      hasHeader,
      mapping,
      categories: categories.value,
      fileName: label || source.label,
      kind,
    });
  }, [source, hasHeader, mapping, categories, kind, label]);

  const load = (next: Source): void => {
    const header = detectHeader(next.values as (string | number | boolean | null)[][]);
    setSource(next);
    setHasHeader(header);
    setMapping(suggestMapping(next.values as (string | number | boolean | null)[][], header));
    setLabel(next.label);
  };

  const useSelection = () =>
    action.run(async () => {
      const selection = await atField("source", readSelection());
      load({
        kind: "selection",
        label: `${selection.sheetName} ${selection.address.split("!").pop()}`,
        values: selection.values,
      });
    });

  const useFile = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    await action.run(async () => {
      const preview = await atField(
        "file",
        loadFilePreview().then(({ previewFile }) => previewFile(file, file.name))
      );
      load({ kind: "file", label: file.name.replace(/\.[^.]+$/, ""), values: preview.rows, file });
    });
  };

  const submit = () =>
    action.run(async () => {
      if (!source) return;
      const noDataRows = noDataRowsMessage(source.kind, source.values, hasHeader);
      if (noDataRows) throw new FieldError(source.kind === "file" ? "file" : "source", noDataRows);
      if (!categories.ok) throw new FieldError("categories", categories.error);
      if (typeof kind !== "string") throw new FieldError("mapping", kind.error);
      const client = await services.client();
      const webhookUrl = (await services.settings.load()).webhookUrl ?? undefined;
      const created = [];
      if (source.kind === "file" && source.file) {
        const indexes: Record<string, number> = {};
        for (const field of MAPPED_FIELDS)
          if (mapping[field] !== undefined) indexes[indexFieldOf(field)] = mapping[field]!;
        created.push(
          await client.bulk.createMultipart(
            {
              file: source.file,
              fileName: source.file.name,
              has_header: hasHeader,
              file_name: label || source.label,
              ...indexes,
              ...(kind === "decision_maker" ? { decision_maker_category: categories.value } : {}),
            },
            { webhookUrl }
          )
        );
      } else if (plan) {
        for (const request of plan.requests)
          created.push(await client.bulk.createJson(request, { webhookUrl }));
      }
      for (const search of created) {
        await jobs.add(jobOfSearch("bulk", search));
      }
      show("jobs");
    });

  const errorFor = action.errorFor;

  return (
    <div className={styles.form}>
      <Field label={t("bulk.rowsToSearch")} {...errorFor("source")}>
        <div className={styles.row}>
          <RunButton run={useSelection} busy={busy} testId="bulk-from-selection">
            {t("bulk.useSelection")}
          </RunButton>
          <Caption1 className={styles.muted}>{t("bulk.or")}</Caption1>
        </div>
      </Field>
      {/* A native input: Field labels Fluent's controls only, so the label names it itself. */}
      <Field label={{ children: t("bulk.fileLabel"), htmlFor: fileInputId }} {...errorFor("file")}>
        <input
          id={fileInputId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          data-testid="bulk-file"
          onChange={(e) => void useFile(e.target.files?.[0])}
        />
      </Field>
      {busy && <Spinner size="tiny" label={t("bulk.working")} />}
      {source && (
        <>
          <Caption1 data-testid="bulk-source">
            {source.kind === "selection"
              ? t("bulk.sourceSelection", { count: plan?.rows ?? 0, source: source.label })
              : t("bulk.sourceFile", { fileName: source.file?.name ?? source.label })}
          </Caption1>
          <Checkbox
            checked={hasHeader}
            onChange={(_, d) => setHasHeader(Boolean(d.checked))}
            label={t("bulk.firstRowIsHeader")}
            data-testid="bulk-has-header"
          />
          <ColumnMappingFields
            fields={MAPPED_FIELDS}
            mapping={mapping}
            onChange={setMapping}
            width={width}
            headerRow={headerRow}
            testIdPrefix="bulk-map"
          />
          {typeof kind !== "string" && (
            <MessageBar intent="warning">
              <MessageBarBody>
                <span data-testid="error-message">{kind.error}</span>
              </MessageBarBody>
            </MessageBar>
          )}
          <Field
            label={t("bulk.categoriesLabel")}
            hint={DECISION_MAKER_CATEGORIES.join(", ")}
            {...fieldError(categories.ok ? null : categories.error)}
          >
            <Input
              value={categoriesText}
              onChange={(_, d) => setCategoriesText(d.value)}
              // i18n-exempt: category names, typed as the service names them
              placeholder="ceo, sales"
              data-testid="bulk-categories"
            />
          </Field>
          <Field label={t("bulk.label")}>
            <Input value={label} onChange={(_, d) => setLabel(d.value)} data-testid="bulk-label" />
          </Field>
          <Caption1 data-testid="bulk-cost">
            {source && noDataRowsMessage(source.kind, source.values, hasHeader)
              ? t("bulk.nothingToSearch")
              : plan
                ? t("bulk.cost", {
                    rows: plan.rows,
                    searches: plan.requests.length,
                    credits: plan.maxCredits,
                  })
                : source.kind === "file"
                  ? t("bulk.costOfFile")
                  : ""}
          </Caption1>
          <Field {...errorFor("submit")} {...errorFor("mapping")} {...errorFor("categories")}>
            <Button
              appearance="primary"
              disabled={busy || typeof kind !== "string" || !categories.ok || spendingOff !== null}
              onClick={() => void submit()}
              data-testid="bulk-submit"
            >
              {t("bulk.submit")}
            </Button>
            <SpendingOffNote reason={spendingOff} />
          </Field>
        </>
      )}
    </div>
  );
}
