import { looksLikeEmail, stripForbiddenCharacters } from "./input-rules";
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
