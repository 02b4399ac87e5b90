// The builds the browser tests run against. The default site is built in place (public/, the
// one `npm start` serves); the others in scratch copies under .e2e-builds/. Every build sends
// members to the sandbox provider's ticketing page, so the hand-off can be asserted.

export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT || 9411);
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
export const SANDBOX_TICKETING_URL = `${SANDBOX_URL}/ticketing`;

export type Variant = {
  name: string;
  /** Where it is built and served from, relative to the project root ("." = in place). */
  dir: string;
  port: number;
  env: Record<string, string>;
};

export const VARIANTS = {
  /** The French single-location site (loyalty v3), the default of `npm start`. */
  lumiere: { name: "lumiere", dir: ".", port: Number(process.env.E2E_PORT || 9123), env: { SITE: "lumiere" } },
  /** The US circuit (loyalty v1). */
  starlight: { name: "starlight", dir: ".e2e-builds/starlight", port: 9124, env: { SITE: "starlight" } },
  /** The French site built for its point-of-sale host ('tapos_embedded'). */
  "lumiere-pos": { name: "lumiere-pos", dir: ".e2e-builds/lumiere-pos", port: 9125, env: { SITE: "lumiere", EMBEDDING_MODE: "tapos_embedded" } },
} satisfies Record<string, Variant>;

export type VariantName = keyof typeof VARIANTS;

export const baseUrlOf = (variant: Variant) => `http://localhost:${variant.port}`;
