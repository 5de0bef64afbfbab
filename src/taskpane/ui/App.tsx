import { useState } from "react";
import { Caption1, Subtitle2, Tab, TabList, makeStyles, tokens } from "@fluentui/react-components";
import type { Services } from "../../runtime/services";
import { SettingsPanel } from "./SettingsPanel";
import { formatCredits, useCredits } from "./use-credits";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: "8px", padding: "12px" },
  header: { display: "flex", justifyContent: "space-between", alignItems: "baseline", gap: "8px" },
  muted: { color: tokens.colorNeutralForeground3 },
});

type TabId = "settings";

export function App({ services }: { services: Services }): JSX.Element {
  const styles = useStyles();
  const credits = useCredits(services);
  const [tab, setTab] = useState<TabId>("settings");
  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <Subtitle2>Mail Finder</Subtitle2>
        <Caption1 className={styles.muted}>
          Credits <span data-testid="account-credits">{formatCredits(credits.creditsLeft)}</span>
          {" · "}spent this session <span data-testid="session-spend">{formatCredits(credits.sessionSpend)}</span>
        </Caption1>
      </div>
      <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as TabId)} size="small">
        <Tab value="settings">Settings</Tab>
      </TabList>
      {tab === "settings" && <SettingsPanel services={services} />}
    </div>
  );
}
