/**
 * Plugins that only act on some kinds of node (images, links) are not run on a page that has
 * none. Each of them walks the whole tree with unist-util-visit, which costs a closure and a
 * property write per node: gatsby-remark-images, gatsby-remark-copy-linked-files and
 * remark-unwrap-images made seven walks of every page, about 1.2 s of the page queries at 2,000
 * pages (docs/decisions/build-at-scale.md). Looking for the kinds first is one plain walk.
 */

interface Tree {
  type: string;
  children?: Tree[];
}

/** Whether the tree (itself included) holds a node of one of these types. */
export function holdsAny(tree: Tree, types: readonly string[]): boolean {
  if (types.includes(tree.type)) return true;
  return !!tree.children && tree.children.some((child) => holdsAny(child, types));
}

/**
 * A unified plugin that runs `plugin`'s transformer only on trees holding a node of one of
 * `types`; the plugin must change nothing in a tree without them. For transformers that return
 * (a value or a promise), not those that take unified's `next` callback.
 */
export function onlyWith<P extends (...options: never[]) => unknown>(types: readonly string[], plugin: P): P {
  return function (this: unknown, ...options: Parameters<P>) {
    const transformer = plugin.apply(this, options) as ((tree: Tree, file: unknown) => unknown) | undefined;
    if (!transformer) return undefined;
    if (transformer.length > 2) throw new Error(`onlyWith: ${plugin.name || 'the plugin'} takes a callback`);
    return (tree: Tree, file: unknown) => (holdsAny(tree, types) ? transformer(tree, file) : undefined);
  } as P;
}
