// Document-level output (lang, font faces, #modal-root) comes from plugins/gatsby-source-venue/gatsby-ssr.tsx,
// which receives the site's locale and fonts as plugin options. Providers live in src/components/PageShell.tsx
// so that each page's static query carries the site data.
export {};
