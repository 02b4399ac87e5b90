import { useIntl } from "react-intl";
import { Dialog } from "./Dialog";
import { LoginForm } from "./LoginForm";

/** The header's sign-in dialog; loaded when a guest first opens it (kept out of the first page load). */
export default function LoginDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  return (
    <Dialog
      title={intl.formatMessage({ id: "member.login.title" })}
      closeLabel={intl.formatMessage({ id: "member.login.close" })}
      onClose={onClose}
    >
      <LoginForm onSignedIn={onClose} />
    </Dialog>
  );
}
