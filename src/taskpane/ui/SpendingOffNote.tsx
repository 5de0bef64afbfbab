import { Caption1, tokens } from "@fluentui/react-components";

/** Next to a disabled paid action: why it is disabled (spending off). */
export function SpendingOffNote({ reason }: { reason: string | null }): JSX.Element | null {
  if (!reason) return null;
  return (
    <Caption1
      style={{ color: tokens.colorPaletteRedForeground1 }}
      data-testid="spending-off-reason"
    >
      {reason}
    </Caption1>
  );
}
