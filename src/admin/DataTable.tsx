import type { ReactNode } from "react";
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from "@fluentui/react-components";
import { useAdminStyles } from "./styles";

/** A column of a table: its header, and its cell of a row. */
export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** Needed where the columns are not fixed (a column per member). */
  key?: string;
  /** Marks each cell of the column for tests. */
  testId?: string;
  muted?: boolean;
}

/** What marks a row for tests: its `data-testid` and `data-*` attributes. */
export type RowAttributes = Record<`data-${string}`, string | number | undefined>;

/** The admin page's tables: a header row, then a row per item. */
export function DataTable<Row>(props: {
  label: string;
  testId: string;
  size?: "small";
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  rowAttributes: (row: Row) => RowAttributes;
}): JSX.Element {
  const styles = useAdminStyles();
  const { columns } = props;
  return (
    <Table aria-label={props.label} size={props.size} data-testid={props.testId}>
      <TableHeader>
        <TableRow>
          {columns.map((column, index) => (
            <TableHeaderCell key={column.key ?? index}>{column.header}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.rows.map((row, index) => (
          <TableRow key={props.rowKey(row, index)} {...props.rowAttributes(row)}>
            {columns.map((column, at) => (
              <TableCell
                key={column.key ?? at}
                className={column.muted ? styles.muted : undefined}
                data-testid={column.testId}
              >
                {column.cell(row, index)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
