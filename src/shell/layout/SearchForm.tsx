import { navigate } from "gatsby";
import { useId, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { useCurrentLocation } from "../../links/LinkEnvironment";
import { clicksSuppressed } from "../../links/rules";
import { stripForbiddenCharacters } from "../../components/forms/input-rules";

const Form = styled.form`
  display: flex;
  gap: 0.25rem;
  input {
    min-width: 0;
    width: 12rem;
    padding: 0.5rem 0.75rem;
    font: inherit;
    border: 1px solid currentColor;
    border-radius: ${({ theme }) => theme.radii.buttons};
    background: ${({ theme }) => theme.colours.background};
    color: ${({ theme }) => theme.colours.text};
  }
  button {
    font: inherit;
    padding: 0.5rem 0.9rem;
    border: 0;
    cursor: pointer;
    border-radius: ${({ theme }) => theme.radii.buttons};
    background: ${({ theme }) => theme.colours.primary};
    color: ${({ theme }) => theme.colours.readableOnPrimary};
  }
`;

type SearchFormProps = {
  /** The search it starts from (a results page's own query); empty in the header. */
  initialQuery?: string;
  /** The form's accessible name, when the page has more than one search. */
  name?: string;
  /** Shows the label above the box (the results page) rather than only to screen readers. */
  labelVisible?: boolean;
  className?: string;
};

/** Film search: a plain GET form to /films/?q=…, so it also works before the page hydrates. */
export function SearchForm({ initialQuery = "", name, labelVisible = false, className }: SearchFormProps) {
  const intl = useIntl();
  const id = useId();
  const [query, setQuery] = useState(initialQuery);
  const { pathname } = useCurrentLocation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The editor's preview stays where it is (spec §2 preview prefix): a search is a navigation too.
    if (clicksSuppressed(pathname)) return;
    const q = query.trim();
    void navigate(q ? `/films/?q=${encodeURIComponent(q)}` : "/films/");
  };
  return (
    <Form role="search" aria-label={name} action="/films/" method="get" onSubmit={submit} className={className}>
      <label htmlFor={id} className={labelVisible ? undefined : "visually-hidden"}>
        {intl.formatMessage({ id: "layout.search.label" })}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        value={query}
        // Spec §5: every text input but a password drops < > ' " & as it is typed.
        onChange={(e) => setQuery(stripForbiddenCharacters(e.target.value))}
        placeholder={intl.formatMessage({ id: "layout.search.placeholder" })}
        autoComplete="off"
      />
      <button type="submit">{intl.formatMessage({ id: "layout.search.submit" })}</button>
    </Form>
  );
}
