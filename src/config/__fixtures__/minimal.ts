// Smallest inputs each schema accepts: only the fields that have no default.
import type { z } from "zod";
import type { catalogueFileSchema } from "../catalogue";
import type { pagesFileSchema } from "../pages";
import type { SiteSettingsInput } from "../settings";
import type { theatersFileSchema } from "../theaters";
import type { siteThemeSchema } from "../theme";

export const minimalSettings = {
  id: "V2Vic2l0ZU1hbmFnZXI6MQ==",
  name: "Test Cinema",
  relatedEntity: { name: "Test Cinema" },
  domain: "www.test-cinema.example",
  logo: { src: "/site-assets/logo.svg", width: 100, height: 40 },
  ticketingUrl: "https://tickets.test-cinema.example",
  locale: "en-US",
  country: { code: "US", iso31661A2: "US", iso31661A3: "USA" },
  isSingleLocation: true,
  theaterIds: ["t1"],
} satisfies SiteSettingsInput;

export const minimalTheme = {
  colors: {
    palette: {
      muted: "#777777",
      accent: "#ff0000",
      primary: "#000",
      highlight: "#00ff00",
      background: "#ffffff",
      footerBackground: "#111111",
      headerBackground: "#222222",
    },
  },
  fonts: { body: { family: "Inter" }, heading: { family: "Lora" } },
} satisfies z.input<typeof siteThemeSchema>;

export const minimalTheaters = {
  theaters: [
    { id: "t1", name: "Test Cinema", address: { line1: "1 Main St", city: "Springfield", postalCode: "12345" } },
  ],
} satisfies z.input<typeof theatersFileSchema>;

export const minimalPages = {
  pages: [{ id: "home", slug: "", title: "Home" }],
  navigation: {},
} satisfies z.input<typeof pagesFileSchema>;

export const minimalCatalogue = {
  films: [{ id: 1, title: "A Film" }],
} satisfies z.input<typeof catalogueFileSchema>;
