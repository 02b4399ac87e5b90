// Where reset links point (issue 43): the site's configured domain, unless a developer's server,
// reachable from its own machine only, was reached on a loopback name.
import { itReturns, itReturnsPerCase } from "../test/tables";
import { isLoopbackHost, siteOriginFor } from "./reset-link";

describe("isLoopbackHost (HOST, a URL's host)", () => {
  itReturns(isLoopbackHost, [
    ["localhost", true],
    ["127.0.0.1", true],
    ["::1", true],
    ["0.0.0.0", false],
    ["::", false],
    ["10.0.0.5", false],
    ["cinema.example.com", false],
  ]);
});

describe("siteOriginFor", () => {
  itReturnsPerCase(
    ([host, follow]: readonly [string, boolean]) =>
      siteOriginFor("www.cinema-lumiere.fr", host, false, { followLoopbackHost: follow }),
    [
      [
        "a server open to the network, reached on localhost",
        ["localhost:9000", false],
        "https://www.cinema-lumiere.fr",
      ],
      ["the same, a .localhost name", ["evil.localhost:9650", false], "https://www.cinema-lumiere.fr"],
      ["any other host, whoever listens", ["evil.example", true], "https://www.cinema-lumiere.fr"],
      ["a developer's server reached on localhost", ["localhost:9000", true], "http://localhost:9000"],
      ["a developer's server on the site's alias", ["lumiere.localhost:9000", true], "http://lumiere.localhost:9000"],
    ],
  );
});
