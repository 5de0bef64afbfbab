import { useEffect } from "react";
import { useAnnounce } from "@fluentui/react-components";
import type { JobAnnouncer } from "../../flows/jobs/job-announcements";

/**
 * Says through the live region (Fluent's AriaLiveAnnouncer) that a job ended while the Jobs tab
 * is shown; elsewhere the message bar above the tabs appears and announces itself.
 */
export function JobEndAnnouncement({ announcer }: { announcer: JobAnnouncer }): null {
  const { announce } = useAnnounce();
  useEffect(
    () => announcer.onEndSeen((notice) => announce(notice.text, { polite: true })),
    [announcer, announce]
  );
  return null;
}
