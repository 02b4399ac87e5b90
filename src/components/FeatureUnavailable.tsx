import { useIntl } from "react-intl";

type FeatureUnavailableProps = {
  /** Says which feature could not load, in the words of the page it stands on. */
  messageId: string;
  retryId: string;
  retry: () => void;
};

/** A FeatureBoundary's stand-in for a feature whose code did not arrive: why, and a way to try again. */
export function FeatureUnavailable({ messageId, retryId, retry }: FeatureUnavailableProps) {
  const intl = useIntl();
  return (
    <div role="alert">
      <p>{intl.formatMessage({ id: messageId })}</p>
      <button type="button" onClick={retry}>
        {intl.formatMessage({ id: retryId })}
      </button>
    </div>
  );
}
