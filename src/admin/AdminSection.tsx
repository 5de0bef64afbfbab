import type { ReactNode } from "react";
import { Title3 } from "@fluentui/react-components";
import { useAdminStyles } from "./styles";

/** A section of the admin page under its heading; `id` is the heading's, which names the section. */
export function AdminSection(props: {
  id: string;
  title: ReactNode;
  testId?: string;
  children: ReactNode;
}): JSX.Element {
  const styles = useAdminStyles();
  return (
    <section className={styles.section} aria-labelledby={props.id} data-testid={props.testId}>
      <Title3 as="h2" id={props.id}>
        {props.title}
      </Title3>
      {props.children}
    </section>
  );
}
