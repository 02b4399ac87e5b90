// styled-components takes over the server's style sheet instead of copying it (issue 44).
//
// On its first load in the browser, styled-components "rehydrates": it reads the page's server
// <style data-styled> element, registers the class names it holds, inserts every rule again, one
// insertRule at a time, into a new <style> of its own, and removes the server's. The CSS is the same
// before and after, yet the browser parses it twice and restyles the whole page: on a film page at
// Lighthouse's CPU ×4, half of app.js's evaluation and a style recalculation of 40 ms after it.
//
// Here the server's element becomes styled-components' own sheet: its rules stay where they are,
// styled-components' own parser still registers the names and groups (rehydrateFromTag), and only
// the count of rules per group is recorded, so that a rule added later lands in its group's place,
// as it would have. The server writes each group as its rules followed by a marker rule
// (`data-styled.g12[id="…"]{content:"…"}`, which matches no element); the marker is counted as the
// group's last rule. Whenever the sheet the browser parsed does not hold exactly one rule per piece
// of the server's text (a rule the browser dropped, say), nothing is taken over and
// styled-components rehydrates as it always has.
//
// src/build/styled-server-sheet-loader.cjs puts the call into styled-components' browser build,
// with the internals it needs.

/** What separates the rules in styled-components' server text. */
const SPLITTER = "/*!sc*/\n";

/** styled-components' GroupedTag: the rule count of each group, in group order. */
export type GroupedTag = {
  groupSizes: Uint32Array;
  length: number;
  insertRules(group: number, rules: readonly string[]): void;
};

/** The part of styled-components' StyleSheet this reads and sets. */
export type StyledSheet = { tag?: GroupedTag; options: { useCSSOMInjection?: boolean } };

/** styled-components' own pieces, as its browser build names them. */
export type StyledInternals = {
  GroupedTag: new (tag: object) => GroupedTag;
  /** The tag that writes through CSSOM (`insertRule`): its instances hold element, sheet and length. */
  CssomTag: { prototype: object };
  rehydrateFromTag(sheet: StyledSheet, node: HTMLStyleElement): void;
  /** The attribute of its <style> elements ("data-styled"), and the value that marks one it owns. */
  attribute: string;
  active: string;
};

/**
 * Makes the server's <style> element the sheet's own; false (and nothing changed) where it cannot,
 * and styled-components then copies the rules as usual.
 */
export function adoptServerSheet(sheet: StyledSheet, node: HTMLStyleElement, internals: StyledInternals): boolean {
  const cssom = node.sheet;
  if (sheet.tag || !sheet.options.useCSSOMInjection || !cssom) return false;
  const pieces = (node.textContent ?? "").split(SPLITTER).filter((piece) => piece.trim());
  const marker = `${internals.attribute}.g`;
  const last = pieces[pieces.length - 1];
  let parsed: number;
  try {
    parsed = cssom.cssRules.length;
  } catch {
    return false;
  }
  // Group 0 is one styled-components skips when it rehydrates: its rules would be in no count.
  if (!last?.trim().startsWith(marker) || pieces.length !== parsed || node.textContent?.includes(`${marker}0[`))
    return false;

  const inner = Object.assign(Object.create(internals.CssomTag.prototype) as object, {
    element: node,
    sheet: cssom,
    length: parsed,
  });
  const tag = new internals.GroupedTag(inner);
  // While styled-components reads the text, "inserting" a group's rules only counts them: they are
  // in the sheet already, followed by the group's marker.
  tag.insertRules = (group, rules) => {
    if (group >= tag.groupSizes.length) {
      let size = tag.groupSizes.length;
      while (group >= size) size *= 2;
      const sizes = new Uint32Array(size);
      sizes.set(tag.groupSizes);
      tag.groupSizes = sizes;
      tag.length = size;
    }
    tag.groupSizes[group] = (tag.groupSizes[group] ?? 0) + rules.length + 1;
  };
  sheet.tag = tag;
  internals.rehydrateFromTag(sheet, node);
  // Back to the class's own insertRules for every rule from now on.
  delete (tag as Partial<GroupedTag>).insertRules;
  // Another sheet (a StyleSheetManager with a target of its own) must not take it over again.
  node.setAttribute(internals.attribute, internals.active);
  return true;
}
