import { navigate } from "gatsby";
import { useId, useMemo, useState, type FormEvent, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { useCurrentLocation } from "../../links/LinkEnvironment";
import { clicksSuppressed } from "../../links/rules";
import { stripForbiddenCharacters } from "../../components/forms/input-rules";
import { useFilmSearch } from "../../catalogue/film-search";
import { SUGGESTED_FILMS } from "../../catalogue/search";
import type { SearchableFilm } from "../../catalogue/search-index";

const Form = styled.form`
  display: flex;
  gap: 0.25rem;
  .box {
    position: relative;
    min-width: 0;
  }
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
  [role="listbox"] {
    position: absolute;
    z-index: 20;
    top: calc(100% + 0.25rem);
    left: 0;
    width: max(100%, 18rem);
    max-width: calc(100vw - 2rem);
    margin: 0;
    padding: 0.25rem 0;
    list-style: none;
    border: 1px solid ${({ theme }) => theme.colours.visibleMuted};
    border-radius: ${({ theme }) => theme.radii.content};
    background: ${({ theme }) => theme.colours.background};
    color: ${({ theme }) => theme.colours.text};
    box-shadow: 0 4px 16px rgb(0 0 0 / 20%);
  }
  [role="option"] {
    display: flex;
    flex-direction: column;
    justify-content: center;
    min-height: 44px;
    padding: 0.25rem 0.75rem;
    cursor: pointer;
  }
  [role="option"] small {
    opacity: 0.8;
  }
  /* The option the arrow keys are on: colours, not only an outline, so it shows at a glance. */
  [role="option"][aria-selected="true"] {
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

/** What a suggestion says under the title: the year and who made it, to tell namesakes apart. */
function detailsOf(film: SearchableFilm): string {
  return [film.year, film.directors.join(", ")].filter(Boolean).join(" · ");
}

/**
 * Film search: a plain GET form to /films/?q=…, so it also works before the page hydrates and
 * without JavaScript. With it, the box is a WAI-ARIA combobox ("list autocomplete" with a listbox
 * popup): films are suggested as the visitor types, from the search index that the first focus
 * fetches with the engine's code (never with the page).
 */
export function SearchForm({ initialQuery = "", name, labelVisible = false, className }: SearchFormProps) {
  const intl = useIntl();
  const id = useId();
  const listId = `${id}-films`;
  const optionId = (index: number) => `${id}-film-${index}`;
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [search, startSearch] = useFilmSearch();
  const { pathname } = useCurrentLocation();
  const words = query.trim();
  const suggestions = useMemo(
    () => (search.status === "ready" && words ? search.search.search(words, SUGGESTED_FILMS) : []),
    [search, words],
  );
  const expanded = open && suggestions.length > 0;

  const go = (to: string) => {
    // The editor's preview stays where it is (spec §2 preview prefix): a search is a navigation too.
    if (clicksSuppressed(pathname)) return;
    void navigate(to);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(words ? `/films/?q=${encodeURIComponent(words)}` : "/films/");
  };
  const choose = (film: SearchableFilm) => {
    setOpen(false);
    setActive(-1);
    go(film.path);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (count === 0) return;
        event.preventDefault();
        const down = event.key === "ArrowDown";
        setOpen(true);
        // From the box, down goes to the first and up to the last; both wrap round.
        setActive((current) => {
          if (!expanded || current < 0) return down ? 0 : count - 1;
          return (current + (down ? 1 : count - 1)) % count;
        });
        return;
      }
      case "Enter": {
        const film = expanded && active >= 0 ? suggestions[active] : undefined;
        // Without a chosen suggestion, Enter submits the form: the results page.
        if (!film) return;
        event.preventDefault();
        choose(film);
        return;
      }
      case "Escape":
        // The first Escape closes the list, the next clears the box (APG combobox).
        event.preventDefault();
        if (expanded) close();
        else setQuery("");
        return;
    }
  };

  // Polite, and only once the suggestions are known: "3 films trouvés" as the visitor types.
  const announcement =
    open && words && search.status === "ready"
      ? intl.formatMessage({ id: "layout.search.found" }, { count: suggestions.length })
      : "";
  return (
    <Form role="search" aria-label={name} action="/films/" method="get" onSubmit={submit} className={className}>
      <label htmlFor={id} className={labelVisible ? undefined : "visually-hidden"}>
        {intl.formatMessage({ id: "layout.search.label" })}
      </label>
      <div className="box">
        <input
          id={id}
          name="q"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          value={query}
          onFocus={startSearch}
          onChange={(e) => {
            startSearch();
            // Spec §5: every text input but a password drops < > ' " & as it is typed.
            setQuery(stripForbiddenCharacters(e.target.value));
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          // A click outside, or Tab away, closes the list; a click on a suggestion keeps the focus
          // (its mousedown is cancelled below), so it is not lost to this.
          onBlur={close}
          placeholder={intl.formatMessage({ id: "layout.search.placeholder" })}
          autoComplete="off"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={intl.formatMessage({ id: "layout.search.suggestions" })}
          hidden={!expanded}
        >
          {expanded &&
            suggestions.map((film, index) => (
              <li
                key={film.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(film)}
              >
                <span>{film.title}</span>
                <small>{detailsOf(film)}</small>
              </li>
            ))}
        </ul>
      </div>
      <button type="submit">{intl.formatMessage({ id: "layout.search.submit" })}</button>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </Form>
  );
}
