import { parseFilmDirectory } from "./film-directory";
import { itReturnsPerCase } from "../../test/tables";

itReturnsPerCase(parseFilmDirectory, [
  [
    "a well-formed directory",
    { "12": { title: "Orbite basse", path: "/films/12-orbite-basse/" } },
    { "12": { title: "Orbite basse", path: "/films/12-orbite-basse/" } },
  ],
  [
    "entries without a title or a site path are left out",
    { "1": { title: "A" }, "2": { title: "B", path: "https://evil.example/" }, "3": "x" },
    {},
  ],
  ["not an object", ["a"], {}],
  ["null", null, {}],
]);
