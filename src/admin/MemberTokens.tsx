import { Button } from "@fluentui/react-components";
import { useAdmin, useAdminAction } from "./admin-context";
import type { AdminMember } from "./api-types";
import { ErrorText } from "./ErrorText";
import { formatTime } from "./format";
import type { ShownToken } from "./NewTokenNotice";
import { useAdminStyles } from "./styles";

/** A member's tokens in use, each revocable, and a new one issued (shown once). */
export function MemberTokens(props: {
  member: AdminMember;
  onIssued: (shown: ShownToken) => void;
}): JSX.Element {
  const styles = useAdminStyles();
  const { client, reload } = useAdmin();
  const { member } = props;
  const active = member.tokens.filter((token) => token.revoked_at === null);
  const issue = useAdminAction(async () => {
    const { token } = await client.issueToken(member.id);
    props.onIssued({ memberName: member.name, token });
    await reload();
  });
  const revoke = useAdminAction(async (tokenId: string) => {
    await client.revokeToken(member.id, tokenId);
    await reload();
  });
  return (
    <div className={styles.column}>
      {active.length === 0 && <span className={styles.muted}>No token in use</span>}
      {active.map((token) => (
        <div
          key={token.id}
          className={styles.inline}
          data-testid="admin-member-token"
          data-token-id={token.id}
        >
          <span>
            Issued {formatTime(token.created_at)}, last used {formatTime(token.last_used_at)}
          </span>
          <Button
            size="small"
            disabled={revoke.busy}
            onClick={() => void revoke.run(token.id)}
            aria-label={`Revoke the token issued ${formatTime(token.created_at)}`}
            data-testid="admin-member-token-revoke"
          >
            Revoke
          </Button>
        </div>
      ))}
      <Button
        size="small"
        disabled={issue.busy}
        onClick={() => void issue.run()}
        aria-label={`Issue a token for ${member.name}`}
        data-testid="admin-member-token-issue"
      >
        Issue a token
      </Button>
      <ErrorText message={issue.error ?? revoke.error} />
    </div>
  );
}
