// Spec §5 "Custom ad size mapping": adsCustom.sizeMapping is a JSON string keyed by ad location.
// Pure apart from the two console messages the spec names (spec §8 "Ads"), written to the logger
// the caller passes: the browser passes the console, the build's reserved-space plan a silent one.

export type AdSize = readonly [number, number];
/** From this viewport width up, these sizes (GPT's sizeMapping().addSize([width, 0], sizes)). */
export type SizeMappingRule = { readonly viewportWidth: number; readonly sizes: readonly AdSize[] };

export interface ParsedSizeMapping {
  /** Only configured custom locations, each with its rules, widest viewport first. */
  readonly locations: Readonly<Record<string, readonly SizeMappingRule[]>>;
  /** The key 'interstitial' enables the custom interstitial (spec §5). */
  readonly interstitial: boolean;
}

export interface SizeMappingLogger {
  warn(message: string): void;
  error(message: string): void;
}

export const INTERSTITIAL_KEY = "interstitial";
export const PARSE_ERROR_MESSAGE = "Error parsing size mapping";
export const invalidLocationMessage = (location: string): string => `Invalid size mapping for ad location: ${location}`;

export const silentLogger: SizeMappingLogger = { warn: () => undefined, error: () => undefined };

const EMPTY: ParsedSizeMapping = { locations: {}, interstitial: false };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isSize = (value: unknown): value is [number, number] =>
  Array.isArray(value) &&
  value.length === 2 &&
  value.every((n) => typeof n === "number" && Number.isInteger(n) && n >= 0);

/** One location's value → its rules, or null when it is not the shape spec §5 asks for. */
function rulesOf(value: unknown): SizeMappingRule[] | null {
  if (!isPlainObject(value)) return null;
  const rules: SizeMappingRule[] = [];
  for (const [width, sizes] of Object.entries(value)) {
    if (!/^\d+$/.test(width) || !Array.isArray(sizes) || !sizes.every(isSize)) return null;
    const unique = new Map<string, AdSize>();
    for (const [w, h] of sizes) unique.set(`${w}x${h}`, [w, h]);
    rules.push({ viewportWidth: Number(width), sizes: [...unique.values()] });
  }
  return rules.sort((a, b) => b.viewportWidth - a.viewportWidth);
}

export function parseSizeMapping(
  json: string,
  locationKeys: readonly string[],
  log: SizeMappingLogger = silentLogger,
): ParsedSizeMapping {
  if (json.trim() === "") return EMPTY;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    log.error(PARSE_ERROR_MESSAGE);
    return EMPTY;
  }
  // Valid JSON that is not an object cannot be keyed by location: the same failure as bad JSON.
  if (!isPlainObject(parsed)) {
    log.error(PARSE_ERROR_MESSAGE);
    return EMPTY;
  }
  const locations: Record<string, SizeMappingRule[]> = {};
  for (const key of new Set(locationKeys)) {
    if (key === INTERSTITIAL_KEY || !Object.hasOwn(parsed, key)) continue;
    const rules = rulesOf(parsed[key]);
    if (rules) locations[key] = rules;
    else log.warn(invalidLocationMessage(key));
  }
  return { locations, interstitial: Object.hasOwn(parsed, INTERSTITIAL_KEY) };
}

/** Every size a slot may show (GPT wants them at definition), in first-seen order. */
export function allSizes(rules: readonly SizeMappingRule[]): AdSize[] {
  const unique = new Map<string, AdSize>();
  for (const rule of rules) for (const size of rule.sizes) unique.set(`${size[0]}x${size[1]}`, size);
  return [...unique.values()];
}

/** The height to reserve from each viewport width up: the tallest size of that rule (CLS 0). */
export function reservedHeights(rules: readonly SizeMappingRule[]): { minWidth: number; height: number }[] {
  return rules.map((rule) => ({
    minWidth: rule.viewportWidth,
    height: Math.max(0, ...rule.sizes.map(([, h]) => h)),
  }));
}
