import { currencyOfCountry, moneyFormatOptions } from "./money";
import { itReturns } from "../../test/tables";

describe("currencyOfCountry", () => {
  itReturns(
    currencyOfCountry,
    [
      ["FR", "EUR"],
      ["US", "USD"],
      ["fr", "EUR"],
      [" BE ", "EUR"],
      ["GB", "GBP"],
    ],
    "%j → %s",
  );

  it.each(["", "ZZ", "XX"])("%j is unknown → null", (country) => {
    expect(currencyOfCountry(country)).toBeNull();
  });
});

describe("moneyFormatOptions", () => {
  it("formats in euros the French way and in dollars the US way", () => {
    expect(new Intl.NumberFormat("fr-FR", moneyFormatOptions("FR")).format(12.5)).toMatch(/^12,50\s€$/u);
    expect(new Intl.NumberFormat("en-US", moneyFormatOptions("US")).format(1234.5)).toBe("$1,234.50");
  });

  it("an unknown country gets two decimals and no symbol", () => {
    expect(new Intl.NumberFormat("en-US", moneyFormatOptions("ZZ")).format(3)).toBe("3.00");
  });
});
