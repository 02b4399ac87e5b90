// What jsdom's getComputedStyle leaves out, read from the parsed style sheets (the CSSOM), never
// from CSS text: rules inside @media (jsdom applies none of them), rules for a state jsdom cannot
// put an element in (:focus-visible), and @keyframes. Everything else is asserted on computed styles.

function* styleRules(rules: CSSRuleList, media: string | null): Generator<CSSStyleRule> {
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSMediaRule) {
      if (media !== null && rule.media.mediaText === media) yield* styleRules(rule.cssRules, null);
    } else if (rule instanceof CSSStyleRule && media === null) yield rule;
  }
}

function allStyleRules(media: string | null): CSSStyleRule[] {
  return Array.from(document.styleSheets).flatMap((sheet) => [...styleRules(sheet.cssRules, media)]);
}

/** The selectors of a rule that could select an element (pseudo-elements cannot). */
function selectors(rule: CSSStyleRule): string[] {
  return rule.selectorText
    .split(",")
    .map((selector) => selector.trim())
    .filter((selector) => !selector.includes("::"));
}

/**
 * The last value of `property` that a rule inside `@media <condition>` gives `element` ("" when none
 * does); with `condition` null, a rule outside any @media.
 */
export function declaredUnderMedia(element: Element, condition: string | null, property: string): string {
  let value = "";
  for (const rule of allStyleRules(condition)) {
    if (selectors(rule).some((selector) => element.matches(selector)) && rule.style.getPropertyValue(property))
      value = rule.style.getPropertyValue(property);
  }
  return value;
}

/** What `element` is given for `property` on phones and from the md breakpoint on, as declared ("" for none). */
export function declaredByWidth(element: Element, property: string): { base: string; md: string } {
  return {
    base: declaredUnderMedia(element, null, property),
    md: declaredUnderMedia(element, "(min-width: 768px)", property),
  };
}

/** The last value of `property` that a rule for `state` (":focus-visible") gives `element` once in that state. */
export function declaredInState(element: Element, state: string, property: string): string {
  let value = "";
  for (const rule of allStyleRules(null)) {
    const inState = selectors(rule)
      .filter((selector) => selector.endsWith(state))
      .map((selector) => selector.slice(0, -state.length) || "*");
    if (inState.some((selector) => element.matches(selector)) && rule.style.getPropertyValue(property))
      value = rule.style.getPropertyValue(property);
  }
  return value;
}

/** The keyframes of an animation, by name, as `{ "to": { transform: "rotate(360deg)" } }`. */
export function keyframesOf(name: string): Record<string, Record<string, string>> | null {
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      // jsdom has no CSSKeyframesRule global to test against; its rules carry the standard type number.
      if (rule.type === CSSRule.KEYFRAMES_RULE && (rule as CSSKeyframesRule).name === name) {
        return Object.fromEntries(
          Array.from((rule as CSSKeyframesRule).cssRules).map((frame) => {
            const style = (frame as CSSKeyframeRule).style;
            const declarations = Array.from({ length: style.length }, (_, i) => style[i] ?? "");
            return [
              (frame as CSSKeyframeRule).keyText,
              Object.fromEntries(declarations.map((p) => [p, style.getPropertyValue(p)])),
            ];
          }),
        );
      }
    }
  }
  return null;
}
