import { Field, Select, makeStyles } from "@fluentui/react-components";
import type { BulkCell } from "../../api/types";
import { fieldLabel, type ColumnMapping, type MappedField } from "../../lists/mapping";

const useStyles = makeStyles({
  // minmax(0, 1fr) and shrinkable selects: a long header in the options must not widen a column past the pane.
  grid: { display: "grid", gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", gap: "6px 8px" },
  narrow: { minWidth: 0, "& select": { minWidth: 0 } },
});

/** "A", "B", … "Z", "AA": a column as Excel names it. */
export const columnName = (index: number): string => {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

const isEmpty = (cell: BulkCell | undefined): boolean =>
  cell === undefined || cell === null || cell === "";

export interface ColumnMappingFieldsProps {
  fields: readonly MappedField[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  /** Columns offered. */
  width: number;
  /** Header cells shown next to the column letters; empty without a header. */
  headerRow: readonly BulkCell[];
  /** `bulk-map` gives the selects the test ids `bulk-map-<field>`. */
  testIdPrefix: string;
}

/** One select per mapped field: which column of the source holds it (shared by Bulk and Enrich). */
export function ColumnMappingFields(props: ColumnMappingFieldsProps): JSX.Element {
  const styles = useStyles();
  const { mapping, headerRow } = props;
  return (
    <div className={styles.grid}>
      {props.fields.map((field) => (
        <Field key={field} label={fieldLabel(field)} size="small">
          <Select
            size="small"
            className={styles.narrow}
            value={mapping[field] === undefined ? "" : String(mapping[field])}
            data-testid={`${props.testIdPrefix}-${field}`}
            onChange={(_, d) =>
              props.onChange({ ...mapping, [field]: d.value === "" ? undefined : Number(d.value) })
            }
          >
            <option value="">—</option>
            {Array.from({ length: props.width }, (_, i) => (
              <option key={i} value={String(i)}>{`${columnName(i)}${
                isEmpty(headerRow[i]) ? "" : `: ${String(headerRow[i]).slice(0, 24)}`
              }`}</option>
            ))}
          </Select>
        </Field>
      ))}
    </div>
  );
}
