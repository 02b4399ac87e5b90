// Gatsby plugins need a main file; the work happens in gatsby-node.ts and gatsby-ssr.tsx.
