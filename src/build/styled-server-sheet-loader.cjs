// A webpack loader for styled-components' browser build (gatsby-node.ts): before its rehydration
// copies a server <style> element, it offers the element to adoptServerSheet
// (src/shell/styled-server-sheet.ts), which takes it over as the sheet's own where it can. The build
// is minified, so the names of the pieces the call needs are read from it. Should the text change
// upstream, nothing is replaced: styled-components rehydrates as it always has (same styles, the
// slower way), and the loader's test fails on the installed version.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack runs a loader as CommonJS
const path = require("node:path");

const ADOPT_MODULE = path.resolve(__dirname, "../shell/styled-server-sheet.ts");

// Its rehydration loop, per server element: `o&&o.getAttribute(l)!==u&&(be(e,o),o.parentNode&&o.parentNode.removeChild(o))`.
const REHYDRATE =
  /(\w+)&&\1\.getAttribute\((\w+)\)!==(\w+)&&\((\w+)\((\w+),\1\),\1\.parentNode&&\1\.parentNode\.removeChild\(\1\)\)/g;
const GROUPED_TAG = /\b(\w+)=class\{constructor\(e\)\{this\.groupSizes=new Uint32Array\(/g;
const CSSOM_TAG =
  /\b(\w+)=class\{constructor\(e,t\)\{this\.element=\w+\(e,t\),this\.element\.appendChild\(document\.createTextNode\(""\)\),this\.sheet=/g;

/** The one match of a pattern, or null when there is none or more than one. */
function only(source, pattern) {
  const matches = [...source.matchAll(pattern)];
  return matches.length === 1 ? matches[0] : null;
}

module.exports = function styledServerSheet(source) {
  const loop = only(source, REHYDRATE);
  const groupedTag = only(source, GROUPED_TAG);
  const cssomTag = only(source, CSSOM_TAG);
  if (!loop || !groupedTag || !cssomTag) return source;
  const [whole, node, attribute, active, rehydrateFromTag, sheet] = loop;
  const internals = `{GroupedTag:${groupedTag[1]},CssomTag:${cssomTag[1]},rehydrateFromTag:${rehydrateFromTag},attribute:${attribute},active:${active}}`;
  const adopting = `${node}&&${node}.getAttribute(${attribute})!==${active}&&(__adoptServerSheet(${sheet},${node},${internals})||(${rehydrateFromTag}(${sheet},${node}),${node}.parentNode&&${node}.parentNode.removeChild(${node})))`;
  return `import { adoptServerSheet as __adoptServerSheet } from ${JSON.stringify(ADOPT_MODULE)};\n${source.replace(whole, adopting)}`;
};

module.exports.ADOPT_MODULE = ADOPT_MODULE;
