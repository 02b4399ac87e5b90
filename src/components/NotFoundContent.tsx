import { SiteLink } from "../links/SiteLink";
import { useIntl } from "react-intl";

export function NotFoundContent({ film = false }: { film?: boolean }) {
  const intl = useIntl();
  return (
    <>
      <h1>{intl.formatMessage({ id: "notFound.title" })}</h1>
      <p>{intl.formatMessage({ id: film ? "notFound.filmText" : "notFound.text" })}</p>
      <ul>
        <li>
          <SiteLink to="/">{intl.formatMessage({ id: "notFound.backHome" })}</SiteLink>
        </li>
        <li>
          <SiteLink to="/films/">{intl.formatMessage({ id: "notFound.allFilms" })}</SiteLink>
        </li>
      </ul>
    </>
  );
}
