import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readFrontmatter } from '../../gatsby/content/frontmatter';
import { contentPages } from '../../gatsby/content/link-targets';
import { loadContent } from '../../gatsby/content/loader';
import { scanMdx } from '../../gatsby/content/rules';
import { checkPageLinks } from '../../gatsby/content/link-check';
import { docEntry, planSite, postEntry } from '../../src/lib/routes';
import { summarizeTags } from '../../src/lib/tags';
import { DECODED_ROUTES } from '../routes';

const root = path.resolve(__dirname, '../..');
const { posts, docs, errors } = loadContent(root);
const listed = posts.filter((p) => !p.frontmatter.unlisted && !p.frontmatter.draft);
const plan = planSite(
  posts.map((p) => postEntry(p.file, p.file, p.frontmatter, 1)),
  docs.map((d) => docEntry(d.file, d.file, d.docId, d.frontmatter)),
  { includeDrafts: false },
);
const CJK = /[\u4e00-\u9fff]/g;

function prose(body: string): string {
  return body.replace(/```[\s\S]*?```/g, '').replace(/`[^`]*`/g, '');
}

describe('content model', () => {
  it('has no frontmatter errors', () => {
    expect(errors.map((e) => e.message)).toEqual([]);
  });

  it('reads every frontmatter as the Gatsby build’s Mdx nodes and queries do (gatsby-plugin-mdx’s js-yaml, dates as date(formatString: "YYYY-MM-DD"))', () => {
    const gatsby = require('gatsby-plugin-mdx/dist/frontmatter') as { parseFrontmatter(key: string, source: string): { frontmatter: Record<string, unknown> } };
    const asQueried = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);
    const files = [...posts, ...docs].map((item) => item.file);
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const source = readFileSync(path.join(root, file), 'utf8');
      const theirs = Object.fromEntries(Object.entries(gatsby.parseFrontmatter(file, source).frontmatter).map(([key, value]) => [key, asQueried(value)]));
      expect([file, readFrontmatter(source).data]).toEqual([file, theirs]);
    }
  });
});

describe('blog', () => {
  it('has 46 to 54 listed posts: exactly 6 list pages of 9', () => {
    expect(listed.length).toBeGreaterThanOrEqual(46);
    expect(listed.length).toBeLessThanOrEqual(54);
  });

  it('has every blog slug named in routes.txt', () => {
    const slugs = new Set(posts.map((p) => p.frontmatter.slug));
    const routeSlugs = DECODED_ROUTES.filter((r) => /^\/blog\/[^/]+$/.test(r) && !['/blog/archive', '/blog/tags'].includes(r)).map((r) => r.slice(6));
    expect(routeSlugs.filter((slug) => !slugs.has(slug))).toEqual([]);
    expect(posts.filter((p) => p.frontmatter.slug.startsWith('konker')).length).toBeGreaterThanOrEqual(4);
    expect(posts.filter((p) => p.frontmatter.slug.startsWith('deepseek')).length).toBeGreaterThanOrEqual(3);
  });

  it('keeps tag counts within the bounds docs/spec.md §10 pins', () => {
    const counts = Object.fromEntries(summarizeTags(listed.map((p) => p.frontmatter)).map((t) => [t.label, t.count]));
    expect(counts.android).toBeGreaterThanOrEqual(19);
    expect(counts.android).toBeLessThanOrEqual(27);
    for (const tag of ['产品', '空壳']) {
      expect(counts[tag]).toBeGreaterThanOrEqual(10);
      expect(counts[tag]).toBeLessThanOrEqual(18);
    }
    for (const tag of ['ai', 'aosp', 'binder', 'cos', 'deep-seek', 'konker', 'media', 'prompt', 'tf-card', 'voice-wise', 'wing', 'IT人生', 'PC工具', '合伙人']) {
      expect([tag, counts[tag]]).toEqual([tag, expect.any(Number)]);
      expect(counts[tag]).toBeLessThanOrEqual(9);
    }
  });

  it('gives every post an author from content/authors.json and real Chinese text', () => {
    const authors = require('../../content/authors.json') as Record<string, unknown>;
    for (const post of posts) {
      for (const author of post.frontmatter.authors) expect([post.file, author in authors]).toEqual([post.file, true]);
      const chars = (prose(post.body).match(CJK) ?? []).length;
      expect([post.file, chars >= 800]).toEqual([post.file, true]);
    }
  });

  it('shares no paragraph between two posts or docs (no boilerplate)', () => {
    const seen = new Map<string, string>();
    const shared: string[] = [];
    for (const item of [...posts, ...docs]) {
      for (const paragraph of prose(item.body).split(/\n\s*\n/)) {
        const text = paragraph.replace(/\s+/g, '');
        if ((text.match(CJK) ?? []).length < 30) continue;
        const other = seen.get(text);
        if (other && other !== item.file) shared.push(`${item.file} ≈ ${other}: ${text.slice(0, 30)}…`);
        seen.set(text, item.file);
      }
    }
    expect(shared).toEqual([]);
  });

  it('has at least 10 posts with a cover image, each with an existing file', () => {
    const covers = posts.filter((p) => p.frontmatter.image);
    expect(covers.length).toBeGreaterThanOrEqual(10);
    for (const post of covers) expect([post.file, existsSync(path.join(post.dir, post.frontmatter.image as string))]).toEqual([post.file, true]);
  });
});

describe('docs', () => {
  it('has a source file for every /docs route of routes.txt', () => {
    const docPaths = new Set(docs.map((d) => d.path));
    expect(DECODED_ROUTES.filter((r) => r.startsWith('/docs/') && !docPaths.has(r))).toEqual([]);
  });

  it('gives every doc a title and at least one paragraph of Chinese', () => {
    for (const doc of docs) {
      const paragraphs = prose(doc.body).split(/\n\s*\n/).filter((p) => (p.match(CJK) ?? []).length >= 20);
      expect([doc.file, paragraphs.length > 0]).toEqual([doc.file, true]);
    }
  });

  it('hides the sidebar exactly on konker desc/* and protocol-* pages', () => {
    const hidden = docs.filter((d) => d.frontmatter.hide_sidebar).map((d) => d.docId).sort();
    expect(hidden).toEqual(docs.map((d) => d.docId).filter((id) => /^mobile\/konker\/(desc\/|protocol-)/.test(id)).sort());
    expect(hidden).toHaveLength(8);
  });
});

describe('links and images in content', () => {
  it('resolves every internal link (pages and anchors)', () => {
    // The links as the editorial rules read them (scanMdx), checked by the site's one link check.
    const pages = contentPages(plan, [...posts, ...docs].map((item) => ({ path: item.path, body: item.body, links: scanMdx(item.body).links.map((l) => ({ ...l, file: item.file })) })));
    expect(checkPageLinks(pages).map(({ link, message }) => `${link.file}:${link.line} ${link.href} ${message}`)).toEqual([]);
  });

  it('resolves every relative image reference', () => {
    const missing: string[] = [];
    for (const item of [...posts, ...docs]) {
      const dir = path.dirname(path.join(root, item.file));
      for (const match of prose(item.body).matchAll(/!\[([^\]]*)\]\((\.[^)\s]+)\)/g)) {
        if (!existsSync(path.join(dir, decodeURIComponent(match[2] as string)))) missing.push(`${item.file}: ${match[2]}`);
        if (!CJK.test(match[1] as string)) missing.push(`${item.file}: 图片缺少中文替代文字 ${match[2]}`);
        CJK.lastIndex = 0;
      }
    }
    expect(missing).toEqual([]);
  });
});
