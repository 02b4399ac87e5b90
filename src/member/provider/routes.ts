// The one table of member-API routes (spec §7 plus docs/loyalty-upstream.md). The browser client
// builds its `reqMetadata.route` strings with `buildRoute`; the proxy accepts a route only when
// `matchRoute` finds it here, and forwards the canonical string `matchRoute` rebuilds, never the
// caller's text. Keeping both on one table is what stops the client and the allowlist drifting.
//
// Pure module: no React, no Node APIs, so both sides can import it.

export type RouteVersion = 1 | 3 | "any";
export type RouteMethod = "GET" | "POST";
/** How the proxy treats the answer: JSON is parsed and checked; raw and blob are passed through as bytes. */
export type ResponseFormat = "json" | "raw" | "blob";
/** reCAPTCHA v3 action the browser executes before the call and the proxy expects back. */
export type CaptchaAction =
  "login" | "giftcard_balance" | "password_reset" | "signup" | "activation_code" | "member_search";
/**
 * Whether the member's `{brand}-Session-Token` goes upstream. "never" routes run before a session
 * exists (login, reset, gift cards), so the proxy strips the header there rather than hand a
 * token to a call that has no use for it.
 */
export type SessionHeaderUse = "required" | "optional" | "never";

/** The `{brand}` deploy setting (LOYALTY_BRAND): "Cypher" gives `Cypher-Session-Token`, `CypherCircuitId`. */
export const DEFAULT_LOYALTY_BRAND = "Cypher";
const BRAND_PATTERN = /^[A-Za-z][A-Za-z0-9]{0,31}$/;
const BRAND_SLOT = "{brand}";

/** Routes longer than this are refused outright (browsers and proxies start truncating near here). */
export const MAX_ROUTE_LENGTH = 2048;

/**
 * A reCAPTCHA site key, as pages.json's `captchaSiteKey` accepts it (Google's are 40 characters);
 * the shape of reqMetadata.captchaSiteKey and of the keys in RECAPTCHA_PAGE_SECRETS.
 */
export const CAPTCHA_SITE_KEY_PATTERN = /^[A-Za-z0-9_-]{10,100}$/;

export interface QueryKeySpec {
  /** Brand-free name the client passes and `matchRoute` returns: `circuitId` whatever the wire key. */
  readonly name: QueryKeyName;
  /** Key on the wire; `{brand}` is substituted in `wireKey`, and only there. */
  readonly wire: string;
  readonly required: boolean;
  /** When present, the only values accepted (e.g. `fullJwt=true`); `buildRoute` fills a single one in. */
  readonly values?: readonly string[];
}

export interface LoyaltyRoute {
  readonly name: string;
  readonly version: RouteVersion;
  readonly method: RouteMethod;
  /** Path with `{param}` segments, exactly as the upstream spells it (trailing slash included). */
  readonly path: string;
  readonly query: readonly QueryKeySpec[];
  readonly captchaAction?: CaptchaAction;
  readonly sessionHeader: SessionHeaderUse;
  /** Only the refresh routes carry `{brand}-Refresh-Session-Token`. */
  readonly refreshHeader: boolean;
  readonly responseFormat: ResponseFormat;
}

/**
 * `reqMetadata` of the POST /api/cypher envelope (spec §7). The rest of the body is the payload
 * the proxy forwards as JSON; in a form body, reqMetadata travels as a JSON string.
 */
export interface CypherRequestMetadata {
  readonly method: RouteMethod;
  /** A route string from `buildRoute`. */
  readonly route: string;
  readonly responseFormat?: ResponseFormat;
  readonly "g-recaptcha-response"?: string;
  /**
   * The site key that minted g-recaptcha-response, sent only when it is a page's own key
   * (pages.json `captchaSiteKey`, spec §5): the proxy then verifies the token with that key's
   * secret (RECAPTCHA_PAGE_SECRETS) instead of the deploy's RECAPTCHA_SECRET.
   */
  readonly captchaSiteKey?: string;
}

/** Every brand-free query key used by some route. */
export type QueryKeyName =
  | "circuitId"
  | "cinemaId"
  | "maxResults"
  | "userSessionId"
  | "emailAddress"
  | "rootUrl"
  | "resetPasswordLink"
  | "resetCode"
  | "memberId"
  | "includeCards"
  | "cardNumber"
  | "fullJwt";

// ---------------------------------------------------------------------------------------------
// Table helpers. §7: "v3 routes use {brand}CircuitId and {brand}CinemaId; v1/v2 routes use
// circuitId and cinemaId". A route's family decides the wire spelling of the two context keys.

type Family = "plain" | "brand";
const contextWire = (family: Family, name: "circuitId" | "cinemaId"): string =>
  family === "brand" ? `${BRAND_SLOT}${name === "circuitId" ? "CircuitId" : "CinemaId"}` : name;

interface RouteInput {
  readonly name: string;
  readonly version: RouteVersion;
  readonly method: RouteMethod;
  readonly path: string;
  /** Context keys the spec lists for this route (required). */
  readonly context?: readonly ("circuitId" | "cinemaId")[];
  /** Other keys; a trailing "?" marks an optional one. */
  readonly keys?: readonly string[];
  /**
   * The spec elides the query of several v3 routes ("…" or nothing). Such routes still accept the
   * context keys of their family, optionally, so the client can always send its loyalty context
   * without the allowlist guessing which ones the upstream reads. Wallet passes opt out.
   */
  readonly optionalContext?: boolean;
  readonly captchaAction?: CaptchaAction;
  readonly sessionHeader?: SessionHeaderUse;
  readonly refreshHeader?: boolean;
  readonly responseFormat?: ResponseFormat;
}

const FIXED_VALUES: Partial<Record<QueryKeyName, readonly string[]>> = {
  fullJwt: ["true"],
  includeCards: ["true", "false"],
};

function familyOf(input: RouteInput): Family {
  if (input.version === 3) return "brand";
  if (input.version === 1) return "plain";
  return input.path.includes("/v3/") ? "brand" : "plain";
}

// No `const` type parameters: Gatsby compiles gatsby-node imports with Parcel (SWC), which rejects them; `extends string` still infers literals.
function route<Name extends string, Path extends string>(
  input: RouteInput & { readonly name: Name; readonly path: Path },
): LoyaltyRoute & { readonly name: Name; readonly path: Path } {
  const family = familyOf(input);
  const query: QueryKeySpec[] = [];
  const required = new Set(input.context ?? []);
  for (const name of ["circuitId", "cinemaId"] as const) {
    if (required.has(name)) query.push({ name, wire: contextWire(family, name), required: true });
    else if (input.optionalContext !== false) query.push({ name, wire: contextWire(family, name), required: false });
  }
  for (const raw of input.keys ?? []) {
    const optional = raw.endsWith("?");
    const name = (optional ? raw.slice(0, -1) : raw) as QueryKeyName;
    const values = FIXED_VALUES[name];
    query.push(values ? { name, wire: name, required: !optional, values } : { name, wire: name, required: !optional });
  }
  return {
    name: input.name,
    version: input.version,
    method: input.method,
    path: input.path,
    query,
    ...(input.captchaAction ? { captchaAction: input.captchaAction } : {}),
    sessionHeader: input.sessionHeader ?? "required",
    refreshHeader: input.refreshHeader ?? false,
    responseFormat: input.responseFormat ?? "json",
  };
}

// Shorthands for the rows below: before a session exists, the header has no business upstream.
const anonymous = { sessionHeader: "never" } as const;
const sessionIfAny = { sessionHeader: "optional" } as const;

/**
 * The routes, in the order of spec §7 then docs/loyalty-upstream.md. Where two entries share a
 * method and path, `matchRoute` takes the first whose query fits: `getMemberByToken` before
 * `getMember` v3 (both behave the same at the proxy), and the v1 and v3 `resetPasswordCode`, whose
 * plain and branded context keys never both fit, so the keys alone choose the version.
 */
export const LOYALTY_ROUTES = [
  route({
    name: "login",
    version: 1,
    method: "POST",
    path: "/Member/Login",
    context: ["circuitId"],
    captchaAction: "login",
    ...anonymous,
  }),
  route({
    name: "login",
    version: 3,
    method: "POST",
    path: "/Member/v3/Login",
    context: ["circuitId"],
    captchaAction: "login",
    ...anonymous,
  }),
  route({
    name: "refresh",
    version: 1,
    method: "GET",
    path: "/Member/RefreshLogin",
    context: ["circuitId"],
    refreshHeader: true,
    ...anonymous,
  }),
  route({
    name: "refresh",
    version: 3,
    method: "GET",
    path: "/Member/v3/RefreshLogin",
    refreshHeader: true,
    ...anonymous,
  }),
  route({ name: "logout", version: 1, method: "POST", path: "/Member/Logout", context: ["circuitId"] }),
  route({ name: "logout", version: 3, method: "POST", path: "/Member/v3/Logout", context: ["circuitId", "cinemaId"] }),
  route({
    name: "orderHistory",
    version: 1,
    method: "GET",
    path: "/Member/v2/OrderHistory",
    context: ["circuitId"],
    keys: ["maxResults?"],
  }),
  // "GET /Member/v3/OrderHistory?...[&maxResults]": the elided part mirrors v2's circuit id.
  route({
    name: "orderHistory",
    version: 3,
    method: "GET",
    path: "/Member/v3/OrderHistory",
    context: ["circuitId"],
    keys: ["maxResults?"],
  }),
  route({
    name: "transactionHistory",
    version: 1,
    method: "GET",
    path: "/Member/v2/TransactionHistory",
    context: ["circuitId"],
    keys: ["maxResults?"],
  }),
  route({
    name: "transactionHistory",
    version: 3,
    method: "GET",
    path: "/Member/v3/TransactionHistory",
    keys: ["maxResults?"],
  }),
  route({
    name: "itemsAvailable",
    version: "any",
    method: "GET",
    path: "/Member/GetItemsAvailableToValidatedLoyaltyMember/{circuitId}",
  }),
  route({ name: "rewards", version: "any", method: "GET", path: "/Member/v3/RewardsListing", context: ["cinemaId"] }),
  route({
    name: "giftCardBalance",
    version: "any",
    method: "POST",
    path: "/GiftCard/CheckGiftCardBalance",
    context: ["cinemaId"],
    captchaAction: "giftcard_balance",
    ...anonymous,
  }),
  route({
    name: "membershipList",
    version: "any",
    method: "GET",
    path: "/Member/GetMembershipList/{cinemaId}/",
    context: ["circuitId"],
  }),
  // The paid activation's first write: it creates the account (not activated) for an unknown e-mail.
  route({
    name: "activateOnComplete",
    version: "any",
    method: "POST",
    path: "/Member/SetMemberToActivateOnComplete",
    context: ["circuitId"],
    captchaAction: "signup",
  }),
  route({ name: "addMembership", version: "any", method: "POST", path: "/Member/AddMembership/{cinemaId}" }),
  route({
    name: "completePayment",
    version: "any",
    method: "POST",
    path: "/Member/CompletePayment/",
    context: ["circuitId", "cinemaId"],
  }),
  // Sign-up answers 34 for an address that is already a member's: one call per guess, so it costs a
  // captcha like sign-in (issue 43), as do the other anonymous steps that start an account.
  route({
    name: "createMember",
    version: 1,
    method: "POST",
    path: "/Member/Create",
    context: ["circuitId"],
    captchaAction: "signup",
    ...anonymous,
  }),
  route({
    name: "createMember",
    version: 3,
    method: "POST",
    path: "/Member/v3/Create",
    captchaAction: "signup",
    ...anonymous,
  }),
  route({ name: "editMember", version: 1, method: "POST", path: "/Member/Edit", context: ["circuitId"] }),
  route({ name: "editMember", version: 3, method: "POST", path: "/Member/v3/Edit" }),
  route({
    name: "usernameReminder",
    version: "any",
    method: "GET",
    path: "/Member/UsernameReminder/{circuitId}/{email}",
    ...anonymous,
  }),
  // §7: "the v3 variant is the same with the {brand} ids": the same path, told apart only by its
  // query keys ({brand}CircuitId and {brand}CinemaId rather than circuitId and cinemaId). The two
  // key sets do not overlap, so at most one entry fits a route (matchRoute, LOYALTY_ROUTES).
  ...([1, 3] as const).map((version) =>
    route({
      name: "resetPasswordCode",
      version,
      method: "GET",
      path: "/Member/GetResetPasswordCode",
      context: ["circuitId", "cinemaId"],
      keys: ["emailAddress", "rootUrl", "resetPasswordLink"],
      // Each request e-mails a member: a bot could mail-bomb any address through us (issue 20).
      captchaAction: "password_reset",
      ...anonymous,
    }),
  ),
  route({
    name: "validateResetCode",
    version: "any",
    method: "GET",
    path: "/Member/ValidatePasswordResetCode",
    context: ["circuitId", "cinemaId"],
    keys: ["emailAddress", "resetCode"],
    ...anonymous,
  }),
  route({
    name: "resetPassword",
    version: 1,
    method: "POST",
    path: "/Member/ResetPassword",
    context: ["circuitId", "cinemaId"],
    ...anonymous,
  }),
  route({ name: "resetPassword", version: 3, method: "POST", path: "/Member/v3/ResetPassword", ...anonymous }),
  // Answers whether an e-mail is a member's: a captcha per search (issue 43), and the proxy passes
  // on only what the follow-up reads (cypher-proxy.ts, memberSearchAnswer).
  route({
    name: "memberSearch",
    version: "any",
    method: "POST",
    path: "/Member/MemberSearch/{circuitId}",
    captchaAction: "member_search",
    ...sessionIfAny,
  }),
  route({
    name: "getMember",
    version: 1,
    method: "GET",
    path: "/Member/GetMember/",
    context: ["circuitId"],
    keys: ["userSessionId?"],
  }),
  // Listed before the generic v3 GetMember so that a route carrying the circuit id reads as the
  // token check of §4 (docs/loyalty-upstream.md: ?{brand}CircuitId[&includeCards=true]).
  route({
    name: "getMemberByToken",
    version: 3,
    method: "GET",
    path: "/Member/v3/GetMember/",
    context: ["circuitId"],
    keys: ["includeCards?"],
    optionalContext: false,
  }),
  route({ name: "getMember", version: 3, method: "GET", path: "/Member/v3/GetMember/", keys: ["includeCards?"] }),
  route({
    name: "validatedMember",
    version: "any",
    method: "GET",
    path: "/Member/GetValidatedMember/{circuitId}",
    context: ["cinemaId"],
  }),
  route({ name: "getCards", version: "any", method: "GET", path: "/Member/v3/GetCards" }),
  route({ name: "addCard", version: "any", method: "POST", path: "/Member/v3/AddCard" }),
  route({ name: "deleteCard", version: 1, method: "POST", path: "/Member/DeleteCard" }),
  route({ name: "deleteCard", version: 3, method: "POST", path: "/Member/v3/DeleteCard" }),
  route({
    name: "reportLostCard",
    version: "any",
    method: "GET",
    path: "/Member/v3/ReportLostCard",
    context: ["circuitId", "cinemaId"],
  }),
  route({
    name: "getFavoriteFilms",
    version: "any",
    method: "GET",
    path: "/Member/v3/GetFavoriteFilms",
    context: ["circuitId"],
  }),
  route({
    name: "addFavoriteFilm",
    version: "any",
    method: "POST",
    path: "/Member/v3/AddFavoriteFilm",
    context: ["circuitId"],
  }),
  route({
    name: "removeFavoriteFilm",
    version: "any",
    method: "POST",
    path: "/Member/v3/RemoveFavoriteFilm",
    context: ["circuitId"],
  }),
  route({
    name: "getFavoriteCinemas",
    version: "any",
    method: "GET",
    path: "/Member/v3/GetFavoriteCinemas",
    context: ["circuitId"],
  }),
  route({
    name: "addFavoriteCinema",
    version: "any",
    method: "POST",
    path: "/Member/v3/AddFavoriteCinema",
    context: ["circuitId"],
  }),
  route({
    name: "removeFavoriteCinema",
    version: "any",
    method: "POST",
    path: "/Member/v3/RemoveFavoriteCinema",
    context: ["circuitId"],
  }),
  route({
    name: "updateFavoriteCinemas",
    version: "any",
    method: "POST",
    path: "/Member/v3/UpdateFavoriteCinemas",
    context: ["circuitId"],
  }),
  route({
    name: "orderLoyaltyItem",
    version: "any",
    method: "POST",
    path: "/Member/v3/OrderLoyaltyItem",
    context: ["cinemaId"],
  }),
  route({
    name: "confirmItemRedemption",
    version: "any",
    method: "POST",
    path: "/Member/v3/ConfirmItemRedemption",
    context: ["circuitId", "cinemaId"],
  }),
  route({
    name: "eVoucherConcessions",
    version: "any",
    method: "GET",
    path: "/Concession/GetAllEVoucherConcessions/{cinemaId}",
    ...sessionIfAny,
  }),
  // E-mails a member and answers what it knows of the address (29, 76, 85): a captcha per request.
  route({
    name: "sendMemberActivationCode",
    version: "any",
    method: "POST",
    path: "/Member/v3/SendMemberActivationCode",
    captchaAction: "activation_code",
    ...sessionIfAny,
  }),
  route({
    name: "deleteAccount",
    version: "any",
    method: "GET",
    path: "/Member/v3/Delete/",
    context: ["circuitId"],
    keys: ["memberId"],
  }),
  route({
    name: "paymentPortalSession",
    version: "any",
    method: "POST",
    path: "/Member/GetPaymentProviderPortalSession",
    context: ["circuitId", "cinemaId"],
  }),
  route({
    name: "startRegistration",
    version: "any",
    method: "POST",
    path: "/Member/StartRegistration",
    context: ["circuitId", "cinemaId"],
    captchaAction: "signup",
    ...anonymous,
  }),
  route({
    name: "loyaltyCardWalletPass",
    version: "any",
    method: "GET",
    path: "/{walletProvider}/CreateLoyaltyCard/{circuitId}",
    keys: ["cardNumber", "fullJwt"],
    optionalContext: false,
    responseFormat: "raw",
  }),
  route({
    name: "eTicketWalletPass",
    version: "any",
    method: "GET",
    path: "/{walletProvider}/GetETicket/{circuitId}/{ticketId}",
    keys: ["fullJwt"],
    optionalContext: false,
    responseFormat: "raw",
    ...sessionIfAny,
  }),
  // docs/loyalty-upstream.md, "Routes beyond the §7 table".
  route({ name: "validateToken", version: 1, method: "GET", path: "/Member/ValidateToken", context: ["circuitId"] }),
  route({
    name: "loginByToken",
    version: 1,
    method: "POST",
    path: "/Member/LoginByToken",
    context: ["circuitId"],
    ...anonymous,
  }),
] as const;

type TableEntry = (typeof LOYALTY_ROUTES)[number];
export type LoyaltyRouteName = TableEntry["name"];

type ParamsIn<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | ParamsIn<Rest> : never;
/** Path parameters a route name takes, read from its path pattern(s). */
export type RouteParamName<N extends LoyaltyRouteName> = ParamsIn<Extract<TableEntry, { name: N }>["path"]>;
export type PathParamName = ParamsIn<TableEntry["path"]>;

// ---------------------------------------------------------------------------------------------
// Values allowed in path segments. Ids are short opaque codes; dots are allowed inside an id but
// an id made only of dots would be a dot segment. `+` and `@` are the only characters that
// encodeURIComponent escapes among these, so they are the only escapes a canonical path holds.

const ID_PATTERN = /^(?!\.+$)[A-Za-z0-9._-]{1,128}$/;
const PARAM_PATTERNS: Readonly<Record<PathParamName, RegExp>> = {
  circuitId: ID_PATTERN,
  cinemaId: ID_PATTERN,
  ticketId: ID_PATTERN,
  walletProvider: /^[A-Za-z][A-Za-z0-9]{0,31}$/,
  email: /^[A-Za-z0-9._+-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}[A-Za-z0-9])?$/,
};

// Query keys on the wire: plain identifiers, never escaped.
const QUERY_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

export function isLoyaltyBrand(brand: string): boolean {
  return BRAND_PATTERN.test(brand);
}

function assertBrand(brand: string): void {
  if (!BRAND_PATTERN.test(brand))
    throw new RouteBuildError(`"${brand}" is not a loyalty brand (letters and digits, starting with a letter)`);
}

/** The one place `{brand}` becomes the deploy's brand, for query keys. */
export function wireKey(spec: Pick<QueryKeySpec, "wire">, brand: string): string {
  return spec.wire.split(BRAND_SLOT).join(brand);
}

/** `{brand}-Session-Token` (spec §7 headers). */
export function sessionHeaderName(brand: string): string {
  return `${brand}-Session-Token`;
}

/** `{brand}-Refresh-Session-Token` (spec §7 headers). */
export function refreshHeaderName(brand: string): string {
  return `${brand}-Refresh-Session-Token`;
}

export class RouteBuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RouteBuildError";
  }
}

/** The entry for a route name at a member-session version; single-variant routes answer any version. */
export function findRoute(name: LoyaltyRouteName, version: 1 | 3): LoyaltyRoute {
  const found =
    LOYALTY_ROUTES.find((r) => r.name === name && r.version === version) ??
    LOYALTY_ROUTES.find((r) => r.name === name && r.version === "any");
  if (!found) throw new RouteBuildError(`the loyalty route "${name}" has no version ${version} variant`);
  return found;
}

export type QueryValue = string | number | boolean | undefined;

export interface RouteArguments<N extends LoyaltyRouteName> {
  readonly params?: Readonly<Record<RouteParamName<N>, string | number>>;
  readonly query?: Readonly<Partial<Record<QueryKeyName, QueryValue>>>;
}

function segmentsOf(path: string): string[] {
  return path.split("/").slice(1);
}

function paramOf(segment: string): PathParamName | null {
  return segment.startsWith("{") && segment.endsWith("}") ? (segment.slice(1, -1) as PathParamName) : null;
}

function renderRoute(
  entry: LoyaltyRoute,
  params: Readonly<Record<string, string>>,
  query: ReadonlyMap<QueryKeySpec, string>,
  brand: string,
): string {
  const path = segmentsOf(entry.path)
    .map((segment) => {
      const param = paramOf(segment);
      return param === null ? segment : encodeURIComponent(params[param] ?? "");
    })
    .join("/");
  const pairs = entry.query.flatMap((spec) => {
    const value = query.get(spec);
    return value === undefined ? [] : [`${wireKey(spec, brand)}=${encodeURIComponent(value)}`];
  });
  return `/${path}${pairs.length ? `?${pairs.join("&")}` : ""}`;
}

/**
 * The route string for `reqMetadata.route`, e.g. `buildRoute("login", 3, { query: { circuitId:
 * "LUM01" } }, "Cypher")` → `/Member/v3/Login?CypherCircuitId=LUM01`. Throws a RouteBuildError on a
 * missing or malformed path parameter, a missing required query key, or a key the route does not
 * take, so that a client bug fails here rather than as an opaque 400 from the proxy.
 */
export function buildRoute<N extends LoyaltyRouteName>(
  name: N,
  version: 1 | 3,
  args: RouteArguments<N>,
  brand: string,
): string {
  assertBrand(brand);
  const entry = findRoute(name, version);
  const given: Readonly<Record<string, string | number>> = args.params ?? {};
  const params: Record<string, string> = {};
  for (const segment of segmentsOf(entry.path)) {
    const param = paramOf(segment);
    if (param === null) continue;
    const value = given[param];
    if (value === undefined || value === "") throw new RouteBuildError(`${name}: missing path parameter "${param}"`);
    const text = String(value);
    if (!PARAM_PATTERNS[param].test(text))
      throw new RouteBuildError(`${name}: path parameter "${param}" has characters a route cannot carry`);
    params[param] = text;
  }
  const queryIn: Readonly<Partial<Record<string, QueryValue>>> = args.query ?? {};
  for (const key of Object.keys(queryIn)) {
    if (queryIn[key] !== undefined && !entry.query.some((spec) => spec.name === key)) {
      throw new RouteBuildError(`${name} (v${entry.version}): does not take the query key "${key}"`);
    }
  }
  const query = new Map<QueryKeySpec, string>();
  for (const spec of entry.query) {
    const raw = queryIn[spec.name];
    const value =
      raw === undefined ? (spec.required && spec.values?.length === 1 ? spec.values[0] : undefined) : String(raw);
    if (value === undefined) {
      if (spec.required) throw new RouteBuildError(`${name}: missing query key "${spec.name}"`);
      continue;
    }
    if (spec.values && !spec.values.includes(value))
      throw new RouteBuildError(`${name}: "${spec.name}" must be one of ${spec.values.join(", ")}`);
    if (CONTROL_CHARS.test(value)) throw new RouteBuildError(`${name}: "${spec.name}" holds a control character`);
    query.set(spec, value);
  }
  const built = renderRoute(entry, params, query, brand);
  if (built.length > MAX_ROUTE_LENGTH)
    throw new RouteBuildError(`${name}: the route is longer than ${MAX_ROUTE_LENGTH} characters`);
  return built;
}

// ---------------------------------------------------------------------------------------------
// The allowlist.

export type RouteRejection =
  | "bad_brand"
  | "too_long"
  | "not_a_path"
  | "forbidden_character"
  | "fragment"
  | "dot_segment"
  | "encoded_delimiter"
  | "bad_encoding"
  | "unknown_route"
  | "method_not_allowed"
  | "bad_param"
  | "malformed_query"
  | "unknown_query_key"
  | "duplicate_query_key"
  | "missing_query_key"
  | "bad_query_value";

export type RouteMatch =
  | {
      readonly ok: true;
      readonly route: LoyaltyRoute;
      /** Decoded path parameters. */
      readonly params: Readonly<Record<string, string>>;
      /** Decoded query values by brand-free key name. */
      readonly query: Readonly<Partial<Record<QueryKeyName, string>>>;
      /** The route rebuilt from the table: what the proxy forwards. */
      readonly canonical: string;
    }
  | { readonly ok: false; readonly reason: RouteRejection; readonly detail: string };

const reject = (reason: RouteRejection, detail: string): RouteMatch => ({ ok: false, reason, detail });

// RFC 3986 unreserved + sub-delims + ":" "@" "/" "?" and "%" for escapes. Anything else (spaces,
// quotes, "<", "\", "^", "`", "{", "|", non-ASCII) has no business in a route our client built.
const ROUTE_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
// Characters that, revealed by decoding a path segment, would change how the path splits or
// decodes again ("..", "%2F", "%5C", "%25"), or smuggle a query, fragment or control character.
const DELIMITERS_WHEN_DECODED = new Set(["/", "\\", ".", "%", "?", "#", ";"]);

/** Why a raw path segment is refused, or null. Escapes are vetted before any decoding. */
function pathSegmentProblem(raw: string): { reason: RouteRejection; detail: string } | null {
  if (raw === "." || raw === "..") return { reason: "dot_segment", detail: `"${raw}" segment` };
  if (BAD_ESCAPE.test(raw)) return { reason: "bad_encoding", detail: `"${raw}" holds a malformed percent-escape` };
  for (const [, hex] of raw.matchAll(ESCAPE)) {
    const code = parseInt(hex ?? "", 16);
    const char = String.fromCharCode(code);
    // Non-ASCII escapes are refused too: no path parameter takes them, and refusing them here
    // keeps every later decodeURIComponent of a path segment from throwing.
    if (DELIMITERS_WHEN_DECODED.has(char) || CONTROL_CHARS.test(char) || code > 0x7e) {
      return { reason: "encoded_delimiter", detail: `"${raw}" hides "%${hex}" in a path segment` };
    }
  }
  return null;
}

function decodeQueryValue(raw: string): string | null {
  if (BAD_ESCAPE.test(raw)) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null; // escapes that are not UTF-8
  }
}

interface PathHit {
  readonly entry: LoyaltyRoute;
  readonly params: Record<string, string>;
}

/** The table's path patterns, split once: every proxied call is matched against all of them. */
const TABLE_SEGMENTS: readonly (readonly [LoyaltyRoute, readonly string[]])[] = LOYALTY_ROUTES.map(
  (entry) => [entry, segmentsOf(entry.path)] as const,
);

/** Path candidates (structure matches); a bad parameter value is remembered to explain a miss. */
function pathCandidates(segments: readonly string[]): { hits: PathHit[]; badParam: string | null } {
  const hits: PathHit[] = [];
  let badParam: string | null = null;
  for (const [entry, pattern] of TABLE_SEGMENTS) {
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let fits = true;
    let paramProblem: string | null = null;
    pattern.forEach((segment, index) => {
      if (!fits) return;
      const actual = segments[index] ?? "";
      const param = paramOf(segment);
      if (param === null) {
        // Literal segments compare on the raw text: an escaped letter is not the same route.
        if (segment !== actual) fits = false;
        return;
      }
      if (actual === "") {
        fits = false;
        return;
      }
      const decoded = decodeURIComponent(actual); // escapes already vetted
      if (!PARAM_PATTERNS[param].test(decoded)) paramProblem ??= `"${param}" cannot be "${decoded}"`;
      params[param] = decoded;
    });
    if (!fits) continue;
    if (paramProblem !== null) {
      badParam ??= paramProblem;
      continue;
    }
    hits.push({ entry, params });
  }
  return { hits, badParam };
}

function matchQuery(
  entry: LoyaltyRoute,
  pairs: readonly (readonly [string, string])[],
  brand: string,
): { ok: true; query: Map<QueryKeySpec, string> } | { ok: false; reason: RouteRejection; detail: string } {
  const query = new Map<QueryKeySpec, string>();
  for (const [key, value] of pairs) {
    const spec = entry.query.find((s) => wireKey(s, brand) === key);
    if (!spec)
      return {
        ok: false,
        reason: "unknown_query_key",
        detail: `"${key}" is not a query key of ${entry.method} ${entry.path}`,
      };
    if (spec.values && !spec.values.includes(value))
      return { ok: false, reason: "bad_query_value", detail: `"${key}" must be one of ${spec.values.join(", ")}` };
    query.set(spec, value);
  }
  const missing = entry.query.find((spec) => spec.required && !query.has(spec));
  if (missing) return { ok: false, reason: "missing_query_key", detail: `"${wireKey(missing, brand)}" is required` };
  return { ok: true, query };
}

/**
 * The proxy's allowlist: the table entry `route` names for `method`, with its decoded parameters
 * and the canonical route to forward, or why it is refused. Deliberately stricter than URL
 * parsing: anything our own `buildRoute` would not produce is refused rather than normalised.
 * Entries sharing the method and path are tried in table order and the first whose query fits
 * wins; when none fits, the first one's reason is given.
 */
export function matchRoute(method: string, route: string, brand: string): RouteMatch {
  if (!BRAND_PATTERN.test(brand)) return reject("bad_brand", "the loyalty brand setting is not a plain name");
  if (route.length > MAX_ROUTE_LENGTH) return reject("too_long", `longer than ${MAX_ROUTE_LENGTH} characters`);
  if (CONTROL_CHARS.test(route)) return reject("forbidden_character", "control character");
  if (route.includes("#")) return reject("fragment", "a route carries no fragment");
  if (route.includes("\\")) return reject("forbidden_character", "backslash");
  if (!route.startsWith("/") || route.startsWith("//"))
    return reject("not_a_path", "expected a path starting with a single /");
  if (!ROUTE_CHARS.test(route)) return reject("forbidden_character", "a character that must be percent-encoded");

  const questionMark = route.indexOf("?");
  const pathPart = questionMark === -1 ? route : route.slice(0, questionMark);
  const queryPart = questionMark === -1 ? "" : route.slice(questionMark + 1);

  const segments = segmentsOf(pathPart);
  for (const raw of segments) {
    const problem = pathSegmentProblem(raw);
    if (problem) return reject(problem.reason, problem.detail);
  }

  const pairs: [string, string][] = [];
  if (queryPart !== "") {
    if (queryPart.includes("?")) return reject("malformed_query", "a second ?");
    const seen = new Set<string>();
    for (const part of queryPart.split("&")) {
      const eq = part.indexOf("=");
      if (eq <= 0) return reject("malformed_query", `"${part}" is not key=value`);
      const key = part.slice(0, eq);
      const rawValue = part.slice(eq + 1);
      if (!QUERY_KEY_PATTERN.test(key)) return reject("unknown_query_key", `"${key}" is not a plain key`);
      if (seen.has(key)) return reject("duplicate_query_key", `"${key}" appears twice`);
      seen.add(key);
      // "+" means a space to form decoders and itself to others; buildRoute never leaves one raw.
      if (rawValue.includes("+"))
        return reject("bad_query_value", `"${key}" holds a raw "+" (encode it as %2B or %20)`);
      const value = decodeQueryValue(rawValue);
      if (value === null) return reject("bad_encoding", `"${key}" holds a malformed percent-escape`);
      if (CONTROL_CHARS.test(value)) return reject("forbidden_character", `"${key}" holds a control character`);
      pairs.push([key, value]);
    }
  }

  const { hits, badParam } = pathCandidates(segments);
  if (hits.length === 0)
    return badParam !== null
      ? reject("bad_param", badParam)
      : reject("unknown_route", `no loyalty route has the path ${pathPart}`);
  // Exact spelling: the client always sends "GET" or "POST".
  const withMethod = hits.filter((hit) => hit.entry.method === method);
  if (withMethod.length === 0)
    return reject("method_not_allowed", `${pathPart} takes ${hits.map((h) => h.entry.method).join(" or ")}`);

  let firstMiss: RouteMatch | null = null;
  for (const hit of withMethod) {
    const query = matchQuery(hit.entry, pairs, brand);
    if (!query.ok) {
      firstMiss ??= reject(query.reason, query.detail);
      continue;
    }
    const byName: Partial<Record<QueryKeyName, string>> = {};
    for (const [spec, value] of query.query) byName[spec.name] = value;
    const canonical = renderRoute(hit.entry, hit.params, query.query, brand);
    return { ok: true, route: hit.entry, params: hit.params, query: byName, canonical };
  }
  return firstMiss ?? reject("unknown_route", pathPart);
}
