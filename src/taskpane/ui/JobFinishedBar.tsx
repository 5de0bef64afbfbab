import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarGroup,
} from "@fluentui/react-components";
import type { JobAnnouncer } from "../../flows/jobs/job-announcements";
import { t } from "../../i18n/i18n";
import { DismissButton } from "./DismissButton";
import { useJobNotices } from "./pane-context";

/** Above the tabs: the jobs that finished while another tab was shown, each dismissible. */
export function JobFinishedBar(props: {
  announcer: JobAnnouncer;
  openJobs: () => void;
}): JSX.Element | null {
  const { notices } = useJobNotices(props.announcer);
  if (notices.length === 0) return null;
  return (
    <MessageBarGroup>
      {notices.map((notice) => (
        <MessageBar
          key={notice.key}
          intent={notice.intent}
          politeness="polite"
          layout="multiline"
          data-testid="job-finished"
          data-job={notice.key}
        >
          <MessageBarBody>{notice.text}</MessageBarBody>
          <MessageBarActions
            containerAction={
              <DismissButton
                onDismiss={() => props.announcer.dismiss(notice.key)}
                testId="job-finished-dismiss"
              />
            }
          >
            <Button size="small" onClick={props.openJobs} data-testid="job-finished-open">
              {t("app.openJobs")}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ))}
    </MessageBarGroup>
  );
}
