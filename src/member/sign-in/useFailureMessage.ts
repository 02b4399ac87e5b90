import { useCallback } from "react";
import { useIntl } from "react-intl";
import { messageForFailure } from "../failure-message";
import type { LoyaltyFailure } from "../types";
import { useMemberSession } from "../session/LoyaltyProvider";

/** Spec §8 wording for a failed member call, in the page's language. */
export function useFailureMessage(): (failure: LoyaltyFailure, fallback: string) => string {
  const intl = useIntl();
  const { config } = useMemberSession();
  return useCallback(
    (failure, fallback) =>
      messageForFailure(
        failure,
        config,
        (id, values) => (intl.messages[id] === undefined ? undefined : intl.formatMessage({ id }, values)),
        fallback,
      ),
    [intl, config],
  );
}
