import { useEffect, useState } from "react";
import { Caption1, Subtitle2, Switch } from "@fluentui/react-components";
import { recalculateWorkbook } from "../../workbook/recalculate";
import { answerCard } from "../../functions/answer-cards";
import { CARDS_REQUIREMENT, cardsSupported } from "../../runtime/cards-support";
import { t } from "../../i18n/i18n";
import { CardPreview } from "./CardPreview";
import type { Services } from "../../runtime/services";
import { ActionMessage } from "./ActionMessage";
import { usePanelStyles } from "./panel-styles";
import { useAsyncAction } from "./use-async-action";
import { RunButton } from "./RunButton";

/**
 * A found person as FINDEMAIL answers it: the card below is built as a cell's is. Its values
 * are the service's data, which no language translates (as in a cell's card).
 */
const example = (): ReturnType<typeof answerCard> =>
  answerCard("person", {
    email: "ada.lovelace@example.com",
    email_status: "valid",
    valid_email: "ada.lovelace@example.com",
    person_full_name: "Ada Lovelace", // i18n-exempt: the service's data (a person's name)
    person_company_name: "Example Ltd", // i18n-exempt: the service's data (a company's name)
    person_job_title: "Head of Engineering", // i18n-exempt: the service's data, as it returns it
    mx_host: "mx.example.com",
    mx_domain: "example.com",
    credits_charged: 1,
  });

/**
 * "Answers as cards" (`settings-cards`): per user, off by default, saved and in force
 * at once; where this Excel cannot show cards from add-ins, the switch says so.
 */
export function CardsSetting({ services }: { services: Services }): JSX.Element {
  const panel = usePanelStyles();
  const supported = cardsSupported();
  const [on, setOn] = useState(services.settings.value.answersAsCards);
  useEffect(() => {
    void services.settings.load().then((s) => setOn(s.answersAsCards));
    return services.settings.subscribe((s) => setOn(s.answersAsCards));
  }, [services]);
  const save = useAsyncAction(async (next: boolean) => {
    // The switch moves at once; a save that fails puts it back where the setting is.
    setOn(next);
    try {
      await services.settings.save({ answersAsCards: next });
    } catch (error) {
      setOn(services.settings.value.answersAsCards);
      throw error;
    }
    return t(next ? "settings.cardsOn" : "settings.cardsOff");
  });
  // Cells already there change at their next calculation; this brings it now (kept answers
  // are free; anything not kept goes through the spending rules as in any recalculation).
  const recalculate = useAsyncAction(async () => {
    await recalculateWorkbook();
    return t("settings.recalculated");
  });
  return (
    <>
      <Subtitle2 data-testid="settings-cards-heading">{t("settings.cardsHeading")}</Subtitle2>
      <Switch
        label={t("settings.cardsSwitch")}
        checked={on && supported}
        disabled={!supported || save.busy}
        onChange={(_, data) => void save.run(data.checked)}
        data-testid="settings-cards"
      />
      <Caption1 className={panel.muted} data-testid="settings-cards-note">
        {supported
          ? t("settings.cardsNote")
          : t("settings.cardsUnsupported", {
              requirement: `${CARDS_REQUIREMENT.name} ${CARDS_REQUIREMENT.version}`,
            })}
      </Caption1>
      {/* Built when shown, in the pane's language (not when the module loads, before it). */}
      {supported && <CardPreview card={example()} />}
      <ActionMessage error={save.error?.message} done={save.done} testId="settings-cards-saved" />
      {save.done && (
        <RunButton
          size="small"
          run={recalculate.run}
          busy={recalculate.busy}
          testId="settings-cards-recalculate"
        >
          {t("settings.cardsApply")}
        </RunButton>
      )}
      <ActionMessage error={recalculate.error?.message} />
    </>
  );
}
