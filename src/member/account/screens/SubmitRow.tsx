import { useIntl } from "react-intl";
import { SubmitButton } from "../../../components/forms/fields";

/** An account form's submit button on a line of its own; its texts are message ids, as it is at rest and while busy. */
export function SubmitRow({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  const intl = useIntl();
  return (
    <div>
      <SubmitButton
        busy={busy}
        label={intl.formatMessage({ id: label })}
        busyLabel={intl.formatMessage({ id: busyLabel })}
      />
    </div>
  );
}
