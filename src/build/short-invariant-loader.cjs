// A webpack loader for @formatjs/intl's message.js (gatsby-node.ts): the invariant for a message
// asked for without an id carries 440 characters of advice about build tooling, about 250 bytes
// gzip of every page's first load. Message ids are typed here (MessageId, src/i18n/en-US.ts), so
// the advice is cut to its first sentence. Should the text change upstream, nothing is replaced,
// and the first-load budget check (npm run test:budget) tells.
const ADVICE = /("\[@formatjs\/intl\] An `id` must be provided to format a message\.)[^"]*"/g;

module.exports = function shortInvariant(source) {
  return source.replace(ADVICE, '$1"');
};
