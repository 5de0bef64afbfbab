import { useEffect, useState } from "react";
import { Button, Caption1, makeStyles, tokens } from "@fluentui/react-components";
import type { Services } from "../../runtime/services";
import { recalculateWorkbook } from "../excel/recalculate";
import { ActionMessage } from "./ActionMessage";
import { useAsyncAction } from "./use-async-action";

const useStyles = makeStyles({
  box: {
    display: "flex",
    flexDirection: "column",
    gap: "6px",
    paddingTop: "8px",
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

/**
 * The explicit refresh of cached answers (DESIGN 3): answers are kept so that recalculating
 * never buys them twice; clearing them and recalculating asks the service again (a repeat
 * within 30 days is free).
 */
export function CachePanel({ services }: { services: Services }): JSX.Element {
  const styles = useStyles();
  const [count, setCount] = useState<number | null>(null);
  const refreshCount = async (): Promise<void> => {
    try {
      const cache = await (await services.scheduler()).currentCache();
      setCount(cache.size);
    } catch {
      setCount(null);
    }
  };
  useEffect(() => {
    void refreshCount();
  }, [services]);

  const clear = useAsyncAction(async () => {
    const cache = await (await services.scheduler()).currentCache();
    const cleared = cache.clear();
    await cache.flush();
    await recalculateWorkbook();
    await refreshCount();
    return `${cleared} cached answer${cleared === 1 ? "" : "s"} cleared; the workbook is recalculating.`;
  });

  return (
    <div className={styles.box}>
      <Caption1 data-testid="cache-count">
        {count === null
          ? "Cached answers: –"
          : `${count} answer${count === 1 ? "" : "s"} kept for this account, so recalculating never buys them again.`}
      </Caption1>
      <div>
        <Button size="small" onClick={() => void clear.run()} data-testid="cache-clear">
          Clear and recalculate
        </Button>
      </div>
      <ActionMessage error={clear.error?.message} done={clear.done} />
    </div>
  );
}
