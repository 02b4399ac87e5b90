import { cleanNameInput, looksLikeEmail, stripForbiddenCharacters } from "./input-rules";
import { itReturns, itReturnsPerCase } from "../../test/tables";

// Spec §5 "Text and password input": text inputs drop < > ' " & as the user types.
describe("stripForbiddenCharacters", () => {
  itReturnsPerCase(stripForbiddenCharacters, [
    ["plain text is kept", "Marie-Claire Dupont", "Marie-Claire Dupont"],
    ["angle brackets are dropped", "<script>x</script>", "scriptx/script"],
    ["quotes are dropped", `l'été "chaud"`, "lété chaud"],
    ["ampersands are dropped", "Tom & Jerry", "Tom  Jerry"],
    ["an e-mail address is untouched", "marie.dupont+club@example.fr", "marie.dupont+club@example.fr"],
  ]);
});

// Issue 46: in a person's name the typed apostrophe becomes ’ (U+2019); the rest of §5's rule holds.
describe("cleanNameInput", () => {
  itReturnsPerCase(cleanNameInput, [
    ["an Irish name keeps its apostrophe, typographic", "O'Brien", "O\u2019Brien"],
    ["a West African name too", "N'Diaye", "N\u2019Diaye"],
    ["hyphens and accents are kept", "D'Arcy-Ñoño", "D\u2019Arcy-Ñoño"],
    ["every apostrophe is turned", "d'Alembert-l'Aîné", "d\u2019Alembert-l\u2019Aîné"],
    ["a typographic apostrophe typed as such is kept", "N\u2019Diaye", "N\u2019Diaye"],
    ["angle brackets are still dropped", "<b>Ada</b>", "bAda/b"],
    ["double quotes are still dropped", `Ada "Countess" Lovelace`, "Ada Countess Lovelace"],
    ["ampersands are still dropped", "Ada & Charles", "Ada  Charles"],
    ["the ASCII apostrophe never remains", `'<'>'&'"'`, "\u2019\u2019\u2019\u2019\u2019"],
    ["plain text is kept", "Marie-Claire Dupont", "Marie-Claire Dupont"],
  ]);
});

describe("looksLikeEmail", () => {
  itReturns(
    looksLikeEmail,
    [
      ["name@example.com", true],
      ["marie.dupont+club@example.fr", true],
      ["name@example", false],
      ["name@example.c0m (the ending is letters only, as for links)", false],
      ["name@exa/mple.com", false],
      ["name example@x.fr", false],
      ["@example.com", false],
      ["", false],
    ],
    "%j → %s",
  );
});
