import {
  Suspense,
  lazy,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from "react";
import {
  Caption1,
  CounterBadge,
  Subtitle2,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { Services } from "../../runtime/services";
import { BulkPanel } from "./BulkPanel";
import { FirstRun } from "./FirstRun";
import { JobFinishedBar } from "./JobFinishedBar";
import { SpendingQuestionBar } from "./SpendingQuestionBar";
import { TryBanner } from "./TryBanner";
import { PaneContextValue, createPaneContext, useJobNotices, type TabId } from "./pane-context";
import { formatCredits, useCredits } from "./use-credits";
import { usePaneRequests } from "./use-pane-requests";
import { useTryMode } from "./use-try-mode";

// The panels other than the first tab's (Bulk) are chunks of their own, loaded when first
// shown: the pane's first screen evaluates only what it shows (load time, DESIGN 4d).
function lazyPanel<P>(
  load: () => Promise<ComponentType<P>>
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await load() }));
}
const CachePanel = lazyPanel(() =>
  import(/* webpackChunkName: "pane-cachepanel" */ "./CachePanel").then((m) => m.CachePanel)
);
const CardsSetting = lazyPanel(() =>
  import(/* webpackChunkName: "pane-cardssetting" */ "./CardsSetting").then((m) => m.CardsSetting)
);
const DomainPanel = lazyPanel(() =>
  import(/* webpackChunkName: "pane-domainpanel" */ "./DomainPanel").then((m) => m.DomainPanel)
);
const EnrichPanel = lazyPanel(() =>
  import(/* webpackChunkName: "pane-enrichpanel" */ "./EnrichPanel").then((m) => m.EnrichPanel)
);
const GeoLeadPanel = lazyPanel(() =>
  import(/* webpackChunkName: "pane-geoleadpanel" */ "./GeoLeadPanel").then((m) => m.GeoLeadPanel)
);
const JobsPanel = lazyPanel(() =>
  import(/* webpackChunkName: "pane-jobspanel" */ "./JobsPanel").then((m) => m.JobsPanel)
);
const LookupsPanel = lazyPanel(() =>
  import(/* webpackChunkName: "pane-lookupspanel" */ "./LookupsPanel").then((m) => m.LookupsPanel)
);
const ReportPanel = lazyPanel(() =>
  import(/* webpackChunkName: "pane-reportpanel" */ "./ReportPanel").then((m) => m.ReportPanel)
);
const SettingsPanel = lazyPanel(() =>
  import(/* webpackChunkName: "pane-settingspanel" */ "./SettingsPanel").then(
    (m) => m.SettingsPanel
  )
);

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

const TABS: Array<[TabId, string]> = [
  ["enrich", "Enrich"],
  ["bulk", "Bulk"],
  ["geo", "GeoLead"],
  ["domain", "Domain"],
  ["report", "Report"],
  ["jobs", "Jobs"],
  ["lookups", "Lookups"],
  ["settings", "Settings"],
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
          <Subtitle2>Mail Finder</Subtitle2>
          <Caption1 className={styles.muted}>
            Credits <span data-testid="account-credits">{formatCredits(credits.creditsLeft)}</span>
            {" · "}spent this session{" "}
            <span data-testid="session-spend">{formatCredits(credits.sessionSpend)}</span>
          </Caption1>
        </div>
        <TryBanner services={services} />
        <SpendingQuestionBar services={services} />
        <JobFinishedBar announcer={pane.announcer} openJobs={() => setTab("jobs")} />
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
                  {label}
                  {id === "jobs" && unseen > 0 && (
                    <CounterBadge
                      count={unseen}
                      size="small"
                      className={styles.badge}
                      aria-label={`${unseen} finished`}
                      data-testid="jobs-badge"
                    />
                  )}
                </Tab>
              ))}
            </TabList>
            <Suspense fallback={null}>
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
            </Suspense>
          </>
        )}
      </div>
    </PaneContextValue.Provider>
  );
}
