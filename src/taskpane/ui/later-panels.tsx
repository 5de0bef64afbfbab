import type { Services } from "../../runtime/services";
import { CachePanel } from "./CachePanel";
import { CardsSetting } from "./CardsSetting";
import { SettingsPanel } from "./SettingsPanel";

// The tabs the pane does not open on, in a chunk of their own (taskpane-panels) that the pane
// fetches once its first screen is shown: the first screen (the first-run screen, or the Bulk
// tab) does not wait for their code nor for the Fluent components only they use (load time).

export { DomainPanel } from "./DomainPanel";
export { EnrichPanel } from "./EnrichPanel";
export { GeoLeadPanel } from "./GeoLeadPanel";
export { JobsPanel } from "./JobsPanel";
export { LookupsPanel } from "./LookupsPanel";
export { ReportPanel } from "./ReportPanel";

/** The Settings tab: the key and spending, cards, kept answers. */
export function SettingsTab({ services }: { services: Services }): JSX.Element {
  return (
    <>
      <SettingsPanel services={services} />
      <CardsSetting services={services} />
      <CachePanel services={services} />
    </>
  );
}
