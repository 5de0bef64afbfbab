// The earlier name of scripts/write-doc-tables.ts, which writes operations.md's configuration
// table with the other generated tables.
import "./write-doc-tables";
