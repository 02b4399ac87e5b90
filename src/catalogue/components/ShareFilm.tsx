import { useState } from "react";
import { useIntl } from "react-intl";

/**
 * The film page's share action: the system share sheet where the browser has one (Web Share
 * API, mostly phones), else the link is copied and the page says so.
 */
export function ShareFilm({ title }: { title: string }) {
  const intl = useIntl();
  const [message, setMessage] = useState("");
  const share = async () => {
    const url = window.location.href.split("#")[0]!;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The visitor closed the sheet: nothing to say. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setMessage(intl.formatMessage({ id: "share.copied" }));
    } catch {
      setMessage(intl.formatMessage({ id: "share.failed" }, { url }));
    }
  };
  return (
    <>
      <button type="button" onClick={() => void share()}>
        {intl.formatMessage({ id: "share.action" })}
      </button>
      <span role="status">{message}</span>
    </>
  );
}
