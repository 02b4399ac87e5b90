/**
 * The circuits the sandbox knows, as a real provider holds each client's set-up: its cinemas and
 * the language its member texts (rewards, levels, history lines) are written in. These are the
 * sample sites' loyalty ids (`loyalty` in site-config/<site>/settings.json, `theaterCode`
 * in theaters.json); any other circuit or cinema is served too, in English.
 */
import { DEFAULT_LANGUAGE, type Language } from "./texts";

export interface Circuit {
  readonly circuitId: string;
  readonly language: Language;
  readonly cinemaIds: readonly string[];
}

export const CIRCUITS: readonly Circuit[] = [
  { circuitId: "LUMIERE", language: "fr", cinemaIds: ["LUM01", "LUM02"] },
  { circuitId: "STARLIGHT", language: "en", cinemaIds: ["SL001", "SL002", "SL003"] },
];

/**
 * The language of a request's answer: its circuit's, the circuit named by the circuit id (path
 * `{circuitId}`, query `circuitId` or `{brand}CircuitId`) or, when the request names none, the
 * circuit holding its cinema id (path `{cinemaId}`, query `cinemaId` or `{brand}CinemaId`).
 */
export function requestLanguage(
  params: Readonly<Record<string, string>>,
  query: URLSearchParams,
  brand: string,
): Language {
  const circuitId = params.circuitId || query.get("circuitId") || query.get(`${brand}CircuitId`);
  if (circuitId) return CIRCUITS.find((circuit) => circuit.circuitId === circuitId)?.language ?? DEFAULT_LANGUAGE;
  const cinemaId = params.cinemaId || query.get("cinemaId") || query.get(`${brand}CinemaId`);
  if (!cinemaId) return DEFAULT_LANGUAGE;
  return CIRCUITS.find((circuit) => circuit.cinemaIds.includes(cinemaId))?.language ?? DEFAULT_LANGUAGE;
}
