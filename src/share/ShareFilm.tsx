// Loaded on demand by BetaShareFilm, only on sites with beta features on.
import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { filmShareUrl, shareLink, type ShareOutcome } from "./share";

/** Focused and selected when shown: one keystroke (Ctrl/Cmd+C) copies the link. */
function SelectedInput({ id, value }: { id: string; value: string }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  return <input ref={input} id={id} type="url" readOnly value={value} />;
}

export type ShareFilmProps = { title: string; path: string };

export function ShareFilm({ title, path }: ShareFilmProps) {
  const intl = useIntl();
  const inputId = useId();
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);
  const url = filmShareUrl(path, window.location.origin);
  return (
    <>
      <button
        type="button"
        aria-label={intl.formatMessage({ id: "share.filmNamed" }, { title })}
        onClick={() => {
          setOutcome(null);
          void shareLink({ title, url }, navigator).then(setOutcome);
        }}
      >
        <span aria-hidden="true">↗</span>
        {intl.formatMessage({ id: "share.film" })}
      </button>
      {/* Present before anything is said in it, so screen readers announce the change. */}
      <span role="status">{outcome === "copied" ? intl.formatMessage({ id: "share.copied" }) : ""}</span>
      {outcome === "manual" && (
        <span className="manual">
          <label htmlFor={inputId}>{intl.formatMessage({ id: "share.copyLabel" })}</label>
          <SelectedInput id={inputId} value={url} />
        </span>
      )}
    </>
  );
}
