import { Caption1, Card, Text, makeStyles, tokens } from "@fluentui/react-components";
import type { AnswerCard } from "../../functions/answer-cards";

const useStyles = makeStyles({
  card: {
    padding: "10px 12px",
    display: "flex",
    flexDirection: "column",
    gap: "4px",
    maxWidth: "320px",
  },
  row: { display: "flex", justifyContent: "space-between", gap: "12px" },
  name: { color: tokens.colorNeutralForeground3 },
});

/** A property name as Excel's card labels it: "person_job_title" -> "person job title". */
const label = (property: string): string => property.replace(/_/g, " ");

const shown = (card: AnswerCard, property: string): string => {
  const value = card.properties[property];
  return !value || value.type === "Empty" ? "" : String(value.basicValue);
};

/**
 * An entity as Excel's card lays it out (title, subtitle, list sections; a collapsed section
 * shows its title only): what a cell's card shows, drawn from the same layout the cell returns.
 */
export function CardPreview({ card }: { card: AnswerCard }): JSX.Element {
  const styles = useStyles();
  const { title, subTitle, sections } = card.layouts.card;
  return (
    <Card className={styles.card} data-testid="settings-card-preview">
      {/* translate="no": the service's data and the property names formulas use (=A2.email). */}
      <Text weight="semibold" size={400} translate="no">
        {typeof title === "string" ? title : shown(card, title.property)}
      </Text>
      {subTitle && <Caption1 translate="no">{shown(card, subTitle.property)}</Caption1>}
      {sections.map((section, i) =>
        section.collapsed ? (
          <Caption1 key={i} className={styles.name}>{`▸ ${section.title ?? ""}`}</Caption1>
        ) : (
          <div key={i}>
            {section.properties.map((property) => (
              <div key={property} className={styles.row} translate="no">
                <Caption1 className={styles.name}>{label(property)}</Caption1>
                <Caption1>{shown(card, property)}</Caption1>
              </div>
            ))}
          </div>
        )
      )}
    </Card>
  );
}
