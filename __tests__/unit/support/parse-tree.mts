/**
 * Test helper (a script of its own, __tests__/support/script.ts: the unified chain is ESM-only, jest runs CommonJS). Parses the body
 * on stdin with the site's one parser (gatsby/markdown/parse.ts contentParser) and prints the
 * tree's node types in document order and its text values, as JSON.
 */
import { readFileSync } from 'node:fs';
import { contentFile, contentParser } from '../../../gatsby/markdown/parse';

interface Node {
  type: string;
  value?: string;
  children?: Node[];
}
const tree = contentParser().parse(contentFile(readFileSync(0, 'utf8'), 'canary.mdx')) as unknown as Node;
const types: string[] = [];
const texts: string[] = [];
const walk = (node: Node) => {
  types.push(node.type);
  if (node.type === 'text' && node.value) texts.push(node.value);
  for (const child of node.children ?? []) walk(child);
};
walk(tree);
process.stdout.write(JSON.stringify({ types, texts }));
