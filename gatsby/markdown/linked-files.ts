/**
 * The File nodes a page's Markdown can name. gatsby-remark-images and gatsby-remark-copy-linked-files
 * find the file an image or link names by scanning the File nodes they are given for its absolute
 * path (the page's folder joined with the URL), once for each image and each link, site links
 * (`/blog/x`) included. Given every File node, each page scanned all of them for every link: work
 * that grows with pages × files (at 2,000 synthetic pages 0.9 s of the page queries, four times
 * that at twice the pages). They are given instead the nodes at the paths the page's URLs can name
 * (joined as each plugin joins them: with and without the query or hash, percent-decoded or not),
 * looked up in an index; a tree with raw HTML, whose URLs they read with an HTML parser, gets
 * every node, as before.
 */
import path from 'node:path';

interface Tree {
  type: string;
  url?: unknown;
  children?: Tree[];
}

export interface FileNodeLike {
  absolutePath?: string;
}

/** Every File node by its absolute path. */
export function filesByPath<F extends FileNodeLike>(files: readonly F[]): Map<string, F> {
  const index = new Map<string, F>();
  for (const file of files) if (file.absolutePath && !index.has(file.absolutePath)) index.set(file.absolutePath, file);
  return index;
}

const RAW_HTML = new Set(['html', 'jsx']);

/** Percent-decoded, or as it is when it does not decode. */
function decoded(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

/** The absolute paths a URL of the page in `dir` can name, as either plugin joins them. */
function candidatePaths(dir: string, url: string): string[] {
  const bare = url.split('#')[0]?.split('?')[0] ?? url;
  return [...new Set([url, bare, decoded(url), decoded(bare)].map((u) => path.posix.join(dir, u)))];
}

/**
 * The File nodes to hand the two plugins for a page in `dir`: those at a path one of the tree's
 * URLs (links, images, definitions) can name, or every one when the tree holds raw HTML.
 */
export function filesNamedBy<F extends FileNodeLike>(tree: Tree, dir: string, index: Map<string, F>, all: readonly F[]): readonly F[] {
  const found = new Set<F>();
  let html = false;
  const walk = (node: Tree): void => {
    if (RAW_HTML.has(node.type)) html = true;
    if (typeof node.url === 'string') {
      for (const candidate of candidatePaths(dir, node.url)) {
        const file = index.get(candidate);
        if (file) found.add(file);
      }
    }
    node.children?.forEach(walk);
  };
  walk(tree);
  return html ? all : [...found];
}
