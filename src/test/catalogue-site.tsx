// The programme components' test fixtures shared by the home page's next showtimes and the film
// page's programme: a showtime at Lumière's Annecy theater, and the providers a page of the
// installed site renders its catalogue in.
import type { ReactNode } from "react";
import { RawIntlProvider } from "react-intl";
import { zonedTimeToUtc } from "../catalogue/dates";
import type { Showtime } from "../catalogue/types";
import { createSiteIntl } from "../i18n/site-intl";
import { SelectedTheaterProvider } from "../member/favourites/SelectedTheaterProvider";
import { SiteThemeProvider } from "../theme/ThemeProvider";
import { useStaticQuery } from "./gatsby-mock";

/** Lumière's time zone. */
export const LUMIERE_ZONE = "Europe/Paris";

/**
 * A showtime of `filmId` at Lumière Annecy, `time` on `day` in Paris, without attributes or screen;
 * `codes.perf` ends its perfCode ("LUM01-…") and `codes.booking` is its booking link's perfcode.
 */
export function annecyShowtime(
  filmId: number,
  day: string,
  time: string,
  codes: { readonly perf: string; readonly booking: string },
): Showtime {
  return {
    perfCode: `LUM01-${codes.perf}`,
    filmId,
    theaterId: "lumiere-annecy",
    startsAt: zonedTimeToUtc(day, time, LUMIERE_ZONE).toISOString(),
    localDate: day,
    attributes: [],
    screen: null,
    bookingUrl: `https://tickets.example.com/websales/sales/LUM01/book?perfcode=${codes.booking}`,
  };
}

/** `children` as a page renders them, on the site installed with installSiteRuntime: its intl, theme, and no theater chosen. */
export function OnInstalledSite({ children }: { children: ReactNode }) {
  const { compiledMessages, runtime } = useStaticQuery().siteSettings;
  const intl = createSiteIntl({ locale: runtime.locale, messages: compiledMessages, timeZone: runtime.timeZone });
  return (
    <RawIntlProvider value={intl}>
      <SiteThemeProvider theme={runtime.siteTheme}>
        <SelectedTheaterProvider theaterId={null}>{children}</SelectedTheaterProvider>
      </SiteThemeProvider>
    </RawIntlProvider>
  );
}
