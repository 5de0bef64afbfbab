import { useCallback, useEffect, useState } from "react";
import { Button, Caption1, makeStyles, tokens } from "@fluentui/react-components";
import type { AnswerUsage } from "../../client/answer-store-contract";
import { KeyValueAnswerStore } from "../../client/answer-store-key-value";
import { n, t } from "../../i18n/i18n";
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
 * Answers kept for the current key and service, where and how much room they take,
 * and the explicit refresh: clearing them and recalculating asks the service
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
    return t("settings.keptCleared", { count: cleared });
  });

  return (
    <div className={styles.box}>
      <Caption1 data-testid="cache-kept" data-count={kept?.count ?? ""}>
        {kept === null
          ? t("settings.keptNone")
          : t("settings.kept", { count: kept.count, size: formatBytes(kept.bytes) })}
      </Caption1>
      {kept && (
        <Caption1 className={panel.muted} data-testid="cache-where">
          {kept.where}
          {kept.room ? ` ${kept.room}` : ""}
        </Caption1>
      )}
      <div>
        <Button size="small" onClick={() => void clear.run()} data-testid="cache-clear">
          {t("settings.clearAndRecalculate")}
        </Button>
      </div>
      <ActionMessage error={clear.error?.message} done={clear.done} />
    </div>
  );
}

async function keptAnswers(services: Services): Promise<KeptAnswers> {
  const cache = await (await services.scheduler()).currentCache();
  const [usage, storage] = await Promise.all([cache.usage(), services.answerStorage()]);
  const { store, fallbackReason, denied } = storage;
  let where = t("settings.keptInIndexedDb");
  if (denied) where = t("settings.keptInMemory");
  else if (store instanceof KeyValueAnswerStore) {
    const fits = usage.count > 0 ? Math.floor((store.maxBytes * usage.count) / usage.bytes) : null;
    const size = formatBytes(store.maxBytes);
    where = fits
      ? t("settings.keptInOfficeAbout", { size, fits })
      : t("settings.keptInOffice", { size });
    // Why not IndexedDB: a sentence of its own, after this one.
    if (fallbackReason) where = t("app.twoSentences", { first: where, second: fallbackReason });
  }
  return { ...usage, where: where.trim(), room: await browserRoom(store.kind) };
}

async function browserRoom(kind: string): Promise<string | null> {
  const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => undefined);
  if (kind !== "indexeddb" || !estimate?.quota) return null;
  const left = Math.max(0, estimate.quota - (estimate.usage ?? 0));
  return t("settings.roomLeft", { size: formatBytes(left) });
}

/** A size in bytes as the user's language writes it ("1.5 MB", in French "1,5 Mo"). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return t("settings.size", { value: n(bytes), unit: "B" });
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return t("settings.size", { value: n(value, value >= 100 ? 0 : 1), unit: units[unit] });
}
