// Stands in for Gatsby's internal partytown plugin's gatsby-browser.js in the production browser
// bundle (gatsby-node.ts). Its only browser API, onInitialClientRender, returns at once unless
// NODE_ENV is "development", but its requires put gatsby-script and Partytown's snippet (about
// 2 KB gzip) into every page's first load. No site uses an off-main-thread <Script>; the
// HTML renderer keeps Gatsby's own plugin.
module.exports = {};
