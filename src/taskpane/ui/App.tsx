import { Suspense, lazy, useEffect, useMemo, useState } from "react";
import {
  Caption1,
  CounterBadge,
  Spinner,
  Subtitle2,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { t, type MessageId } from "../../i18n/i18n";
import type { Services } from "../../runtime/services";
import { BulkPanel } from "./BulkPanel";
import { FirstRun } from "./FirstRun";
import { JobEndAnnouncement } from "./JobEndAnnouncement";
import { JobFinishedBar } from "./JobFinishedBar";
import { SpendingQuestionBar } from "./SpendingQuestionBar";
import { StorageDeniedNotice } from "./StorageDeniedNotice";
import { TeamBudgetNotice, TeamStatus } from "./TeamStatus";
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

// Every tab but Bulk (the one the pane opens on) comes with the later panels' chunk, fetched
// once the first screen is shown (see App).
const loadLaterPanels = () => import(/* webpackChunkName: "taskpane-panels" */ "./later-panels");
const EnrichPanel = lazy(() => loadLaterPanels().then((m) => ({ default: m.EnrichPanel })));
const GeoLeadPanel = lazy(() => loadLaterPanels().then((m) => ({ default: m.GeoLeadPanel })));
const DomainPanel = lazy(() => loadLaterPanels().then((m) => ({ default: m.DomainPanel })));
const ReportPanel = lazy(() => loadLaterPanels().then((m) => ({ default: m.ReportPanel })));
const JobsPanel = lazy(() => loadLaterPanels().then((m) => ({ default: m.JobsPanel })));
const LookupsPanel = lazy(() => loadLaterPanels().then((m) => ({ default: m.LookupsPanel })));
const SettingsTab = lazy(() => loadLaterPanels().then((m) => ({ default: m.SettingsTab })));

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
  const paneRequest = usePaneRequests((request) => setTab(request.tab));
  const request = paneRequest.request;
  useEffect(() => pane.announcer.showingJobs(tab === "jobs"), [pane, tab]);
  const connection = useTryMode(services);
  const [haveKey, setHaveKey] = useState(false);
  // Once the first screen is committed, the other tabs' code, so that they open at once.
  useEffect(() => {
    loadLaterPanels().catch(() => undefined);
  }, []);
  // The balance is shown from the start; without a usable key it stays "–" until one is set.
  useEffect(() => {
    void services
      .client()
      .then((client) => client.account())
      .catch(() => undefined);
    // Whether the host is a team host, and who is signed in.
    void services.team.refresh();
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
        <TeamStatus services={services} />
        <TryBanner services={services} />
        <StorageDeniedNotice services={services} />
        <TeamBudgetNotice services={services} />
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
            {tab === "bulk" && <BulkPanel />}
            <Suspense
              fallback={
                <Spinner size="tiny" label={t("app.panelLoading")} data-testid="panel-loading" />
              }
            >
              {tab === "enrich" && (
                <EnrichPanel
                  request={request?.tab === "enrich" ? request : null}
                  onRequestTaken={paneRequest.taken}
                />
              )}
              {tab === "geo" && <GeoLeadPanel />}
              {tab === "domain" && <DomainPanel />}
              {tab === "report" && <ReportPanel />}
              {tab === "jobs" && <JobsPanel />}
              {tab === "lookups" && (
                <LookupsPanel
                  request={request?.tab === "lookups" ? request : null}
                  onRequestTaken={paneRequest.taken}
                />
              )}
              {tab === "settings" && <SettingsTab services={services} />}
            </Suspense>
          </>
        )}
      </div>
    </PaneContextValue.Provider>
  );
}
