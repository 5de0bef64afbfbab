import { useEffect, useMemo, useState } from "react";
import {
  Caption1,
  CounterBadge,
  Subtitle2,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { t, type MessageId } from "../../i18n/i18n";
import type { Services } from "../../runtime/services";
import { BulkPanel } from "./BulkPanel";
import { CachePanel } from "./CachePanel";
import { CardsSetting } from "./CardsSetting";
import { DomainPanel } from "./DomainPanel";
import { EnrichPanel } from "./EnrichPanel";
import { FirstRun } from "./FirstRun";
import { GeoLeadPanel } from "./GeoLeadPanel";
import { JobEndAnnouncement } from "./JobEndAnnouncement";
import { JobFinishedBar } from "./JobFinishedBar";
import { JobsPanel } from "./JobsPanel";
import { LookupsPanel } from "./LookupsPanel";
import { ReportPanel } from "./ReportPanel";
import { SettingsPanel } from "./SettingsPanel";
import { SpendingQuestionBar } from "./SpendingQuestionBar";
import { TryBanner } from "./TryBanner";
import { PaneContextValue, createPaneContext, useJobNotices, type TabId } from "./pane-context";
import { formatCredits, useCredits } from "./use-credits";
import { usePaneRequests } from "./use-pane-requests";
import { useTryMode } from "./use-try-mode";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: "8px", padding: "12px" },
  header: {
    display: "flex",
    justifyContent: "space-between",
    alignItems: "baseline",
    gap: "8px",
    flexWrap: "wrap",
  },
  muted: { color: tokens.colorNeutralForeground3 },
  // Eight tabs do not fit a narrow pane on one line: let them wrap.
  tabs: { flexWrap: "wrap", rowGap: "2px" },
  badge: { marginLeft: "4px" },
});

const TABS: Array<[TabId, MessageId]> = [
  ["enrich", "app.tabEnrich"],
  ["bulk", "app.tabBulk"],
  ["geo", "app.tabGeo"],
  ["domain", "app.tabDomain"],
  ["report", "app.tabReport"],
  ["jobs", "app.tabJobs"],
  ["lookups", "app.tabLookups"],
  ["settings", "app.tabSettings"],
];

export function App({ services }: { services: Services }): JSX.Element {
  const styles = useStyles();
  const credits = useCredits(services);
  const [tab, setTab] = useState<TabId>("bulk");
  const pane = useMemo(() => createPaneContext(services, setTab), [services]);
  const { unseen } = useJobNotices(pane.announcer);
  const enrichRequest = usePaneRequests(() => setTab("enrich"));
  useEffect(() => pane.announcer.showingJobs(tab === "jobs"), [pane, tab]);
  const connection = useTryMode(services);
  const [haveKey, setHaveKey] = useState(false);
  // The balance is shown from the start; without a usable key it stays "–" until one is set.
  useEffect(() => {
    void services
      .client()
      .then((client) => client.account())
      .catch(() => undefined);
  }, [services]);
  return (
    <PaneContextValue.Provider value={pane}>
      <div className={styles.root}>
        <div className={styles.header}>
          <Subtitle2>{t("app.title")}</Subtitle2>
          <Caption1 className={styles.muted}>
            {t("app.creditsLabel")}{" "}
            <span data-testid="account-credits">{formatCredits(credits.creditsLeft)}</span>
            {" · "}
            {t("app.sessionSpendLabel")}{" "}
            <span data-testid="session-spend">{formatCredits(credits.sessionSpend)}</span>
          </Caption1>
        </div>
        <TryBanner services={services} />
        <SpendingQuestionBar services={services} />
        <JobFinishedBar announcer={pane.announcer} openJobs={() => setTab("jobs")} />
        <JobEndAnnouncement announcer={pane.announcer} />
        {connection === null ? null : !connection.hasKey && !connection.tryMode && !haveKey ? (
          <FirstRun
            services={services}
            onHaveKey={() => {
              setHaveKey(true);
              setTab("settings");
            }}
          />
        ) : (
          <>
            <TabList
              className={styles.tabs}
              selectedValue={tab}
              onTabSelect={(_, data) => setTab(data.value as TabId)}
              size="small"
            >
              {TABS.map(([id, label]) => (
                <Tab key={id} value={id} data-testid={`tab-${id}`}>
                  {t(label)}
                  {id === "jobs" && unseen > 0 && (
                    <CounterBadge
                      count={unseen}
                      size="small"
                      className={styles.badge}
                      aria-label={t("app.jobsFinishedBadge", { count: unseen })}
                      data-testid="jobs-badge"
                    />
                  )}
                </Tab>
              ))}
            </TabList>
            {tab === "enrich" && (
              <EnrichPanel request={enrichRequest.request} onRequestTaken={enrichRequest.taken} />
            )}
            {tab === "bulk" && <BulkPanel />}
            {tab === "geo" && <GeoLeadPanel />}
            {tab === "domain" && <DomainPanel />}
            {tab === "report" && <ReportPanel />}
            {tab === "jobs" && <JobsPanel />}
            {tab === "lookups" && <LookupsPanel />}
            {tab === "settings" && (
              <>
                <SettingsPanel services={services} />
                <CardsSetting services={services} />
                <CachePanel services={services} />
              </>
            )}
          </>
        )}
      </div>
    </PaneContextValue.Provider>
  );
}
