import { Link } from "gatsby";
import { useIntl } from "react-intl";

export function NotFoundContent({ film = false }: { film?: boolean }) {
  const intl = useIntl();
  return (
    <>
      <h1>{intl.formatMessage({ id: "notFound.title" })}</h1>
      <p>{intl.formatMessage({ id: film ? "notFound.filmText" : "notFound.text" })}</p>
      <ul>
        <li>
          <Link to="/">{intl.formatMessage({ id: "notFound.backHome" })}</Link>
        </li>
        <li>
          <Link to="/films/">{intl.formatMessage({ id: "notFound.allFilms" })}</Link>
        </li>
      </ul>
    </>
  );
}
