// styled-components compiles each component's CSS with stylis into the page's sheet, and the build
// gives every page a new sheet (gatsby-plugin-styled-components): the same CSS was parsed and
// serialized again for each of 10,000 film pages, about a tenth of a page's render time. In the
// HTML renderer only (gatsby-node.ts), styled-components gets stylis through `memoizedStylis`,
// which remembers the rules each CSS text gave and hands them out again.
//
// It keys on what styled-components passes to `compile`: the component's own selector and its
// CSS (interpolations already resolved), so a theme or a prop that changes the CSS changes the key.
// The rules also depend on the middleware chain, which is fixed per StyleSheetManager options: the
// key carries the chain's length and whether vendor prefixing is in it. Valid for styled-components'
// use of stylis (compile, then serialize with a rulesheet middleware), with no `namespace` option.

// package.json pins stylis to the version styled-components pins: one copy, the one it was written for.
import type * as StylisModule from "stylis";
import type { Element, Middleware } from "stylis";

/** The part of stylis's API this wraps. */
export type Stylis = Pick<typeof StylisModule, "compile" | "serialize" | "middleware" | "rulesheet" | "prefixer">;

const SOURCE = Symbol("the CSS text compiled");
const SINK = Symbol("where a rulesheet puts its rules");
const CHAIN = Symbol("the middleware chain's signature");

type Tagged<T> = T & { [SOURCE]?: string; [SINK]?: (rule: string) => void; [CHAIN]?: string };

/**
 * stylis with compile + serialize remembered per CSS text. `limit`: the number of texts kept; when
 * full, it starts again empty (a site has a few hundred).
 */
export function memoizedStylis(
  stylis: Stylis,
  limit = 5000,
): Pick<Stylis, "compile" | "serialize" | "middleware" | "rulesheet"> {
  const rulesOf = new Map<string, readonly string[]>();
  /** Texts whose rules are known for some chain: compile leaves their tree to serialize, if needed. */
  const known = new Set<string>();
  let recording: string[] | null = null;
  return {
    compile(value) {
      const tree: Tagged<Element[]> = known.has(value) ? [] : stylis.compile(value);
      tree[SOURCE] = value;
      return tree;
    },
    rulesheet(callback) {
      const sheet: Tagged<Middleware> = stylis.rulesheet((rule) => {
        recording?.push(rule);
        callback(rule);
      });
      sheet[SINK] = callback;
      return sheet;
    },
    middleware(collection) {
      const chain: Tagged<Middleware> = stylis.middleware(collection);
      const last = collection.at(-1) as Tagged<Middleware> | undefined;
      if (last?.[SINK]) {
        chain[SINK] = last[SINK];
        chain[CHAIN] = `${collection.length}${collection.includes(stylis.prefixer) ? "p" : ""}`;
      }
      return chain;
    },
    serialize(children, callback) {
      const source = (children as Tagged<Element[]>)[SOURCE];
      const sink = (callback as Tagged<Middleware>)[SINK];
      const chain = (callback as Tagged<Middleware>)[CHAIN];
      if (source === undefined || !sink || chain === undefined) return stylis.serialize(children, callback);
      const key = `${chain}\u0000${source}`;
      const rules = rulesOf.get(key);
      if (rules) {
        for (const rule of rules) sink(rule);
        return "";
      }
      // First time for this chain: compile now if compile skipped it, and record what comes out.
      const tree = children.length === 0 && source !== "" ? stylis.compile(source) : children;
      const recorded: string[] = [];
      recording = recorded;
      try {
        const output = stylis.serialize(tree, callback);
        if (rulesOf.size >= limit) {
          rulesOf.clear();
          known.clear();
        }
        rulesOf.set(key, recorded);
        known.add(source);
        return output;
      } finally {
        recording = null;
      }
    },
  };
}
