// Amounts on the member screens (histories, e-vouchers, gift-card balances) are in the site's
// currency. The site configuration names a country, not a currency, and one venue trades in one
// currency, so the country decides it. Only countries this platform serves or is likely to serve
// are listed; any other formats amounts as plain numbers rather than guess a symbol.

const EURO_COUNTRIES = [
  "AT",
  "BE",
  "CY",
  "DE",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MC",
  "MT",
  "NL",
  "PT",
  "SI",
  "SK",
] as const;

const CURRENCY_BY_COUNTRY: Readonly<Record<string, string>> = {
  ...Object.fromEntries(EURO_COUNTRIES.map((country) => [country, "EUR"])),
  US: "USD",
  GB: "GBP",
  CA: "CAD",
  CH: "CHF",
  AU: "AUD",
};

/** ISO 4217 code for an ISO 3166-1 alpha-2 country ("FR" → "EUR", "US" → "USD"), or null when unknown. */
export function currencyOfCountry(countryCode: string): string | null {
  return CURRENCY_BY_COUNTRY[countryCode.trim().toUpperCase()] ?? null;
}

/** Intl.NumberFormat options for an amount: currency style when known, else two decimals. */
export type MoneyFormatOptions =
  | { readonly style: "currency"; readonly currency: string }
  | { readonly minimumFractionDigits: 2; readonly maximumFractionDigits: 2 };

export function moneyFormatOptions(countryCode: string): MoneyFormatOptions {
  const currency = currencyOfCountry(countryCode);
  return currency ? { style: "currency", currency } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
}
