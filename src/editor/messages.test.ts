import { EDITOR_MESSAGE_TYPES, MOUNTED_MESSAGE, parseEditorMessage, type EditorMessage } from "./messages";

const colorScheme = {
  primary: "#8B1E3F",
  accent: "#F2C14E",
  highlight: "#3C6E71",
  muted: "#6B6570",
  background: "#FFFBF5",
  footerBackground: "#2B1B24",
  headerBackground: "#fff",
};

/** One well-formed message of each type of spec §7. */
const VALID: Record<EditorMessage["type"], EditorMessage> = {
  colorScheme: { type: "colorScheme", payload: { colorScheme } },
  font: { type: "font", payload: { font: { target: "heading", family: "Lora", weights: ["400", "700i"] } } },
  headerLayout: { type: "headerLayout", payload: { headerLayout: "centered" } },
  footerLayout: { type: "footerLayout", payload: { footerLayout: "compact" } },
  logoSize: { type: "logoSize", payload: { logoSize: "large" } },
  hasSearch: { type: "hasSearch", payload: { hasSearch: false } },
  footerMobileLinks: { type: "footerMobileLinks", payload: { footerMobileLinks: false } },
};

describe("parseEditorMessage: the seven message types of spec §7", () => {
  it("covers exactly the spec's types", () => {
    expect(Object.keys(VALID).sort()).toEqual([...EDITOR_MESSAGE_TYPES].sort());
  });

  it.each(Object.values(VALID).map((m) => [m.type, m] as const))("%s parses to itself", (_type, message) => {
    expect(parseEditorMessage(message)).toEqual(message);
  });

  it("drops fields it does not know rather than refusing the message", () => {
    expect(parseEditorMessage({ type: "hasSearch", payload: { hasSearch: true, extra: 1 }, sentAt: "now" })).toEqual({
      type: "hasSearch",
      payload: { hasSearch: true },
    });
  });

  it("accepts every body and heading weight the family has, italics included", () => {
    expect(
      parseEditorMessage({
        type: "font",
        payload: { font: { target: "body", family: "Inter", weights: ["100", "900i"] } },
      }),
    ).not.toBeNull();
  });
});

describe("parseEditorMessage: anything else is null (and so changes nothing)", () => {
  const withoutPrimary = Object.fromEntries(Object.entries(colorScheme).filter(([key]) => key !== "primary"));
  it.each<[string, unknown]>([
    ["undefined", undefined],
    ["null", null],
    ["a string", "colorScheme"],
    ["a JSON text of a valid message", JSON.stringify(VALID.hasSearch)],
    ["a number", 42],
    ["an array", [VALID.hasSearch]],
    ["no type", { payload: { hasSearch: true } }],
    ["an unknown type", { type: "roundness", payload: { roundness: "HIGH" } }],
    ["the lifecycle (sent by the site, not received)", MOUNTED_MESSAGE],
    ["a type in another case", { type: "ColorScheme", payload: { colorScheme } }],
    ["no payload", { type: "hasSearch" }],
    ["a payload that is not an object", { type: "hasSearch", payload: true }],
    ["the value outside the payload", { type: "hasSearch", hasSearch: true }],
    ["hasSearch as text", { type: "hasSearch", payload: { hasSearch: "false" } }],
    ["footerMobileLinks as a number", { type: "footerMobileLinks", payload: { footerMobileLinks: 0 } }],
    ["an unknown header layout", { type: "headerLayout", payload: { headerLayout: "sideways" } }],
    ["an unknown footer layout", { type: "footerLayout", payload: { footerLayout: "" } }],
    ["an unknown logo size", { type: "logoSize", payload: { logoSize: "huge" } }],
    ["a logo size in pixels", { type: "logoSize", payload: { logoSize: 64 } }],
    ["a colour scheme missing a colour", { type: "colorScheme", payload: { colorScheme: withoutPrimary } }],
    [
      "a colour scheme with a named colour",
      { type: "colorScheme", payload: { colorScheme: { ...colorScheme, primary: "red" } } },
    ],
    [
      "a colour scheme with rgb()",
      { type: "colorScheme", payload: { colorScheme: { ...colorScheme, accent: "rgb(1,2,3)" } } },
    ],
    [
      "a colour scheme with a translucent hex",
      { type: "colorScheme", payload: { colorScheme: { ...colorScheme, muted: "#11223344" } } },
    ],
    [
      "a colour scheme with CSS injection",
      { type: "colorScheme", payload: { colorScheme: { ...colorScheme, background: "#fff;} body{display:none" } } },
    ],
    ["a colour scheme as a list", { type: "colorScheme", payload: { colorScheme: Object.values(colorScheme) } }],
    [
      "a font outside the catalogue",
      { type: "font", payload: { font: { target: "body", family: "Comic Sans MS", weights: ["400"] } } },
    ],
    [
      "a font family in another case",
      { type: "font", payload: { font: { target: "body", family: "lora", weights: ["400"] } } },
    ],
    [
      "a font weight the family lacks",
      { type: "font", payload: { font: { target: "body", family: "Anton", weights: ["700"] } } },
    ],
    [
      "an italic the family lacks",
      { type: "font", payload: { font: { target: "body", family: "Oswald", weights: ["400i"] } } },
    ],
    ["a malformed weight", { type: "font", payload: { font: { target: "body", family: "Lora", weights: ["bold"] } } }],
    ["no weights", { type: "font", payload: { font: { target: "body", family: "Lora", weights: [] } } }],
    ["a font without target", { type: "font", payload: { font: { family: "Lora", weights: ["400"] } } }],
    [
      "a font for another target",
      { type: "font", payload: { font: { target: "buttons", family: "Lora", weights: ["400"] } } },
    ],
    [
      "a font family that is a prototype key",
      { type: "font", payload: { font: { target: "body", family: "toString", weights: ["400"] } } },
    ],
  ])("%s", (_label, data) => {
    expect(parseEditorMessage(data)).toBeNull();
  });
});
