/** gatsby-remark-* plugins ship no types: each is a function over Gatsby's remark helpers. */
declare module 'gatsby-remark-images' {
  const plugin: (args: Record<string, unknown>, options: Record<string, unknown>) => Promise<unknown>;
  export default plugin;
}
declare module 'gatsby-remark-copy-linked-files' {
  const plugin: (args: Record<string, unknown>, options: Record<string, unknown>) => Promise<unknown>;
  export default plugin;
}
