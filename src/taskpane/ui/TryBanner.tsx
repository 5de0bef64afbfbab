import { MessageBar, MessageBarActions, MessageBarBody } from "@fluentui/react-components";
import { t } from "../../i18n/i18n";
import type { Services } from "../../runtime/services";
import { leaveTryMode } from "../../runtime/try-mode";
import { ActionMessage } from "./ActionMessage";
import { useAsyncAction } from "./use-async-action";
import { useTryMode } from "./use-try-mode";
import { RunButton } from "./RunButton";

/** Above every tab while Try mode is on: its answers are examples; the way out. */
export function TryBanner({ services }: { services: Services }): JSX.Element | null {
  const view = useTryMode(services);
  const leave = useAsyncAction(() => leaveTryMode(services.settings));
  if (!view?.tryMode) return null;
  return (
    <>
      <MessageBar intent="warning" layout="multiline" data-testid="try-banner">
        <MessageBarBody>{t("app.tryBanner")}</MessageBarBody>
        <MessageBarActions>
          <RunButton size="small" run={leave.run} busy={leave.busy} testId="try-leave">
            {t("app.leaveTryMode")}
          </RunButton>
        </MessageBarActions>
      </MessageBar>
      <ActionMessage error={leave.error?.message} />
    </>
  );
}
