/**
 * Pictures and linked files of the grown build (scripts/build-grown.mjs: the synthetic pages show
 * pictures, PNG, JPEG and SVG, and link files to download, as editors write them: `./file` beside
 * the page) are published under the prefix: every URL a page gives for one answers 200, and an
 * SVG or a linked file is served byte for byte as committed (content/README.md: SVG 原样发布). The
 * build's Markdown plugins that copy and resize them run only on pages that hold such nodes
 * (gatsby/markdown/node-types.ts): this is where a wrong gate would show.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PREFIX, PREFIX_PORT } from './setup';

const GROWN_CONTENT = path.join(path.resolve(__dirname, '../..'), '.e2e', 'grown-content');
const local = (pathname: string) => `http://127.0.0.1:${PREFIX_PORT}${pathname}`;

interface Reference {
  page: string;
  file: string;
}

/** The synthetic pages' references to a file beside them (`](./…)`), with the page's URL. */
function references(): Reference[] {
  const out: Reference[] = [];
  for (const rel of readdirSync(GROWN_CONTENT, { recursive: true }) as string[]) {
    if (!rel.endsWith('.mdx') || !rel.includes('bench-')) continue;
    const source = readFileSync(path.join(GROWN_CONTENT, rel), 'utf8');
    const slug = /^slug: (.+)$/m.exec(source)?.[1];
    const page = slug ? `/blog/${slug}` : `/${rel.replace(/\.mdx$/, '')}`;
    for (const m of source.matchAll(/\]\(\.\/([^)\s]+)\)/g)) out.push({ page, file: path.join(GROWN_CONTENT, path.dirname(rel), m[1] as string) });
  }
  return out;
}

test('every picture and linked file of the grown pages answers 200 under the prefix; SVGs and files are published as committed', async () => {
  const refs = references();
  const kinds = new Set(refs.map((r) => path.extname(r.file)));
  // The grown content has each kind (scripts/lib/synthetic.mjs, media): otherwise this test checks nothing.
  for (const kind of ['.png', '.svg', '.xml']) expect(kinds).toContain(kind);

  const problems: string[] = [];
  let asIs = 0;
  for (const { page, file } of refs) {
    const html = await (await fetch(local(`${PREFIX}${page}`))).text();
    const name = path.basename(file, path.extname(file));
    // Every URL of the page to a copy of the file (gatsby-remark-images: /static/<digest>/<size>/<name>;
    // copy-linked-files: /<digest>/<name>): the img src, each srcSet entry, a link.
    const urls = new Set([...html.matchAll(new RegExp(`${PREFIX}/[0-9a-z/]*[0-9a-f]{32}/[^"\\s,]*?${name}\\.[a-z]+`, 'g'))].map((m) => m[0]));
    if (urls.size === 0) problems.push(`${page}: no URL for ${path.basename(file)}`);
    for (const url of urls) {
      const res = await fetch(local(url));
      if (res.status !== 200) problems.push(`${page}: ${res.status} ${url}`);
      else if (/\.(svg|xml)$/.test(file) && url.endsWith(path.basename(file))) {
        asIs += 1;
        if (!Buffer.from(await res.arrayBuffer()).equals(readFileSync(file))) problems.push(`${page}: ${url} differs from ${path.relative(GROWN_CONTENT, file)}`);
      }
    }
  }
  expect(problems).toEqual([]);
  expect(asIs).toBe(refs.filter((r) => /\.(svg|xml)$/.test(r.file)).length);
}, 120_000);
