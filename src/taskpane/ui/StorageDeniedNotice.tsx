import {
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
} from "@fluentui/react-components";
import { t } from "../../i18n/i18n";
import type { Services } from "../../runtime/services";
import { SiteLink } from "./SiteLink";
import { useStorageDenied } from "./use-storage-denied";

/** The support page's section on what to allow (served beside the pane). */
const WHAT_TO_ALLOW_URL = "support.html#storage";

const useStyles = makeStyles({
  // Targets at least 24 px high.
  link: { minHeight: "24px", display: "inline-flex", alignItems: "center" },
});

/**
 * Above the first-run screen and the tabs while the browser denies the add-in its storage
 * (docs/user-guide.md): why nothing outlives the workbook, and what the user can allow.
 */
export function StorageDeniedNotice({ services }: { services: Services }): JSX.Element | null {
  const styles = useStyles();
  const denied = useStorageDenied(services);
  if (!denied) return null;
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="storage-denied">
      <MessageBarBody>
        <MessageBarTitle>{t("app.storageDeniedTitle")}</MessageBarTitle>
        {t("app.storageDeniedBody", { site: globalThis.location?.hostname ?? "" })}{" "}
        <SiteLink className={styles.link} path={WHAT_TO_ALLOW_URL} testId="storage-denied-help">
          {t("app.storageDeniedHelp")}
        </SiteLink>
      </MessageBarBody>
    </MessageBar>
  );
}
