import { useCallback, useEffect, useState } from "react";
import { Button, Caption1, makeStyles, tokens } from "@fluentui/react-components";
import type { AnswerUsage } from "../../client/answer-store";
import { KeyValueAnswerStore } from "../../client/key-value-answer-store";
import type { Services } from "../../runtime/services";
import { recalculateWorkbook } from "../../workbook/recalculate";
import { ActionMessage } from "./ActionMessage";
import { usePanelStyles } from "./panel-styles";
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

interface KeptAnswers extends AnswerUsage {
  /** Where they are kept, and why there when it is the fallback. */
  where: string;
  /** The browser's room for this add-in, when it says. */
  room: string | null;
}

/**
 * Answers kept for the current key and service, where and how much room they take
 * (DESIGN 3), and the explicit refresh: clearing them and recalculating asks the service
 * again (a repeat within 30 days is free).
 */
export function CachePanel({ services }: { services: Services }): JSX.Element {
  const styles = useStyles();
  const panel = usePanelStyles();
  const [kept, setKept] = useState<KeptAnswers | null>(null);
  const refresh = useCallback(async (): Promise<void> => {
    try {
      setKept(await keptAnswers(services));
    } catch {
      setKept(null);
    }
  }, [services]);
  useEffect(() => {
    void refresh();
    return services.settings.subscribe(() => void refresh());
  }, [services, refresh]);

  const clear = useAsyncAction(async () => {
    const cache = await (await services.scheduler()).currentCache();
    const cleared = await cache.clear();
    await recalculateWorkbook();
    await refresh();
    return `${count(cleared)} cleared; the workbook is recalculating.`;
  });

  return (
    <div className={styles.box}>
      <Caption1 data-testid="cache-kept" data-count={kept?.count ?? ""}>
        {kept === null
          ? "Kept answers: –"
          : `${count(kept.count)} kept for this account (${formatBytes(kept.bytes)}), so recalculating never buys them again.`}
      </Caption1>
      {kept && (
        <Caption1 className={panel.muted} data-testid="cache-where">
          {kept.where}
          {kept.room ? ` ${kept.room}` : ""}
        </Caption1>
      )}
      <div>
        <Button size="small" onClick={() => void clear.run()} data-testid="cache-clear">
          Clear and recalculate
        </Button>
      </div>
      <ActionMessage error={clear.error?.message} done={clear.done} />
    </div>
  );
}

async function keptAnswers(services: Services): Promise<KeptAnswers> {
  const cache = await (await services.scheduler()).currentCache();
  const [usage, storage] = await Promise.all([cache.usage(), services.answerStorage()]);
  const { store, fallbackReason } = storage;
  let where = "Kept in this browser's database (IndexedDB) on this device.";
  if (store instanceof KeyValueAnswerStore) {
    const fits = usage.count > 0 ? Math.floor((store.maxBytes * usage.count) / usage.bytes) : null;
    where =
      `Kept in Office's add-in storage (${formatBytes(store.maxBytes)} for answers` +
      `${fits ? `, about ${fits.toLocaleString("en-US")} of them` : ""}; the oldest go first). ` +
      (fallbackReason ?? "");
  }
  return { ...usage, where: where.trim(), room: await browserRoom(store.kind) };
}

async function browserRoom(kind: string): Promise<string | null> {
  const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => undefined);
  if (kind !== "indexeddb" || !estimate?.quota) return null;
  const left = Math.max(0, estimate.quota - (estimate.usage ?? 0));
  return `Room left for this add-in on this device: ${formatBytes(left)}.`;
}

const count = (n: number): string => `${n.toLocaleString("en-US")} answer${n === 1 ? "" : "s"}`;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}
