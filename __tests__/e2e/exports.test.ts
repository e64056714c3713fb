/**
 * The exports (Markdown versions, llms.txt, share cards; docs/architecture.md) against the production build served by nginx: every listed doc and
 * post has a Markdown version at its URL + .md (text/markdown; charset=utf-8, cached like HTML) whose
 * text matches the page; llms.txt lists exactly the listed pages and every link answers;
 * llms-full.txt holds them all; the 复制 Markdown button and 查看 Markdown link; and every share
 * card is a 1200×630 PNG with something drawn in its centre, referenced by og:image.
 */

import { loadContent } from '../../gatsby/content/loader';
import { encodePath } from '../../src/lib/url-path';
import { hydrated, PHONE, useBrowser, url } from './support/browser';
import { BASE_URL, FIXTURE_CONTENT_DIR, ROOT } from './support/env';
import { cardPixels, comparable, llmsLinks, servedArticle } from './support/exports';

jest.setTimeout(120_000);

const ORIGIN = 'https://www.iofomo.com';
const { posts, docs } = loadContent(ROOT, FIXTURE_CONTENT_DIR);
const listedPaths = [...posts.filter((p) => !p.frontmatter.unlisted && !p.frontmatter.draft).map((p) => p.path), ...docs.filter((d) => !d.frontmatter.unlisted).map((d) => d.path)];
const unlistedPaths = [...posts.filter((p) => p.frontmatter.unlisted || p.frontmatter.draft).map((p) => p.path), ...docs.filter((d) => d.frontmatter.unlisted).map((d) => d.path)];
const markdownUrl = (pagePath: string) => `${encodePath(pagePath)}.md`;

const session = useBrowser();

async function get(route: string): Promise<{ status: number; type: string | null; cache: string | null; text: string }> {
  const response = await fetch(url(route));
  return { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), text: await response.text() };
}

let llms = '';
beforeAll(async () => {
  llms = (await get('/llms.txt')).text;
});

describe('llms.txt and llms-full.txt', () => {
  it('follows the llms.txt convention: h1 site name, blockquote summary, h2 sections with [title](url.md): description', async () => {
    const response = await get('/llms.txt');
    expect(response.status).toBe(200);
    expect(response.type).toBe('text/plain; charset=utf-8');
    const lines = llms.split('\n');
    expect(lines[0]).toBe('# iofomo');
    expect(lines.find((l) => l.startsWith('>'))).toBeDefined();
    const sections = lines.filter((l) => l.startsWith('## '));
    expect(sections).toContain('## 博客');
    expect(sections).toContain('## Wing · 桌面端');
    expect(sections.length).toBeGreaterThan(10);
    for (const link of llmsLinks(llms)) expect(link.url).toMatch(/^\/.+\.md$/);
  });

  it('lists every listed doc and post once and no unlisted page', () => {
    const listed = llmsLinks(llms).map((l) => decodeURIComponent(l.url).replace(/\.md$/, ''));
    expect([...listed].sort()).toEqual([...listedPaths].sort());
    for (const hidden of unlistedPaths) expect(listed).not.toContain(hidden);
  });

  it('every link answers 200 with Markdown in UTF-8, revalidated like HTML; unlisted pages have no Markdown version', async () => {
    const problems: string[] = [];
    await Promise.all(
      llmsLinks(llms).map(async ({ url: link, title }) => {
        const markdown = await get(link);
        if (markdown.status !== 200 || markdown.type !== 'text/markdown; charset=utf-8' || markdown.cache !== 'public, max-age=0, must-revalidate')
          problems.push(`${link}: ${markdown.status} ${markdown.type} ${markdown.cache}`);
        else if (!markdown.text.startsWith(`# ${title}\n`)) problems.push(`${link}: does not start with its title`);
      }),
    );
    expect(problems).toEqual([]);
    for (const hidden of unlistedPaths) expect((await get(markdownUrl(hidden))).status).toBe(404);
  });

  it('llms-full.txt holds every listed page’s Markdown version, in llms.txt order', async () => {
    const full = await get('/llms-full.txt');
    expect(full.status).toBe(200);
    expect(full.type).toBe('text/plain; charset=utf-8');
    let from = 0;
    for (const { url: link } of llmsLinks(llms)) {
      const markdown = (await get(link)).text.trim();
      const at = full.text.indexOf(markdown, from);
      expect({ link, found: at >= 0 }).toEqual({ link, found: true });
      from = at + markdown.length;
    }
  });
});

describe('Markdown versions', () => {
  it('answer at URL + .md, encoded like the page (Get%20start.md); unknown .md paths are the 404 page', async () => {
    const markdown = await get('/docs/desktop/wing/Get%20start.md');
    expect(markdown.status).toBe(200);
    expect(markdown.type).toBe('text/markdown; charset=utf-8');
    expect((await get('/blog/binder.md')).status).toBe(200);
    for (const missing of ['/nope.md', '/blog/nope.md', '/docs/desktop/wing/Nope.md', '/docs/desktop/wing.md']) {
      const response = await get(missing);
      expect({ missing, status: response.status }).toEqual({ missing, status: 404 });
      expect(response.text).toContain('data-testid="not-found"');
    }
  });

  it('the Markdown version of a doc with a callout, a table, code and an image round-trips each of them', async () => {
    // The served HTML parsed in the page (DOMParser: nothing loaded or laid out), as in servedArticle.
    const { page } = await session.tab({ javaScriptEnabled: false });
    const found = { callout: 0, table: 0, code: 0, image: 0 };
    for (const doc of docs.filter((d) => !d.frontmatter.unlisted)) {
      const served = await get(encodePath(doc.path));
      expect({ doc: doc.path, status: served.status }).toEqual({ doc: doc.path, status: 200 });
      const features = await page.evaluate((html) => {
        const document = new DOMParser().parseFromString(html, 'text/html');
        return {
          callouts: [...document.querySelectorAll('article .markdown .callout')].map((el) => ({
            label: el.querySelector('.callout-title')?.textContent ?? '',
            body: [...el.children]
              .slice(1)
              .map((c) => c.textContent ?? '')
              .join('\n'),
          })),
          cells: [...document.querySelectorAll('article .markdown table tr')].map((tr) => [...tr.children].map((td) => td.textContent ?? '')),
          code: [...document.querySelectorAll('article .markdown .code-block')].map((el) => ({
            language: el.getAttribute('data-language') ?? '',
            title: el.querySelector('.code-title')?.textContent ?? null,
            text: el.querySelector('pre')?.textContent ?? '',
          })),
          images: [...document.querySelectorAll<HTMLImageElement>('article .markdown img')].map((img) => img.alt),
        };
      }, served.text);
      if (!features.callouts.length && !features.cells.length && !features.code.length && !features.images.length) continue;
      const markdown = (await get(markdownUrl(doc.path))).text;
      const plain = comparable(markdown, true);
      for (const callout of features.callouts) {
        // A blockquote that opens with the label in bold, the body quoted below it.
        expect(markdown).toContain(`> **${callout.label}**`);
        expect(plain).toContain(comparable(callout.body));
        found.callout++;
      }
      for (const row of features.cells) {
        const line = markdown.split('\n').find((l) => l.startsWith('|') && row.every((cell) => comparable(l, true).includes(comparable(cell))));
        expect({ doc: doc.path, row, line: line !== undefined }).toEqual({ doc: doc.path, row, line: true });
        found.table++;
      }
      for (const block of features.code) {
        // The fence keeps the block's title (its other meta is the page's presentation); in a tab
        // (a list item of the Markdown version) the block is indented under the item.
        const title = block.title === null ? '' : ` title=${JSON.stringify(block.title)}`;
        const fenced = (indent: string) => [`\`\`\`${block.language}${title}`, ...block.text.replace(/\n$/, '').split('\n'), '```'].map((line) => (line ? indent + line : line)).join('\n');
        expect([block, markdown.includes(fenced('')) || markdown.includes(fenced('  '))]).toEqual([block, true]);
        found.code++;
      }
      for (const alt of features.images) {
        const image = new RegExp(`!\\[${alt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\]\\((${ORIGIN}/[^)\\s]+)\\)`).exec(markdown);
        expect({ doc: doc.path, alt, inMarkdown: image !== null }).toEqual({ doc: doc.path, alt, inMarkdown: true });
        const served = await fetch(url((image?.[1] as string).slice(ORIGIN.length)));
        expect({ image: image?.[1], status: served.status }).toEqual({ image: image?.[1], status: 200 });
        expect(served.headers.get('content-type')).toMatch(/^image\//);
        found.image++;
      }
    }
    // The content has each construct somewhere (at least one doc each).
    expect(Object.values(found).every((n) => n > 0)).toBe(true);
  });

  it('every Markdown version holds its page’s title and every visible text piece of its article', async () => {
    const { page } = await session.tab({ javaScriptEnabled: false });
    const missing: string[] = [];
    for (const pagePath of listedPaths) {
      const [served, markdown] = await Promise.all([get(encodePath(pagePath)), get(markdownUrl(pagePath))]);
      const { title, pieces } = await servedArticle(page, served.text);
      if (!title || !markdown.text.startsWith(`# ${title}\n`)) missing.push(`${pagePath}: title ${title}`);
      const plain = comparable(markdown.text, true);
      for (const piece of pieces) if (!plain.includes(comparable(piece))) missing.push(`${pagePath}: ${piece.slice(0, 80)}`);
    }
    expect(missing).toEqual([]);
  });

  it('links inside Markdown versions are site-absolute and lead to pages that answer 200', async () => {
    const markdown = (await get('/docs/desktop/wing/Introduce.md')).text;
    const links = [...markdown.matchAll(/(?<!!)\[[^\]]*\]\((\/[^)\s]*)\)/g)].map((m) => m[1] as string);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect({ link, status: (await fetch(url(link.split('#')[0] as string))).status }).toEqual({ link, status: 200 });
  });
});

describe('复制 Markdown and 查看 Markdown on the page', () => {
  it('copies the Markdown version with the keyboard, confirms on the button and in a live region', async () => {
    const { page, context } = await session.open('/docs/desktop/wing/Get%20start');
    await hydrated(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const links = page.getByTestId('markdown-links');
    const button = links.getByRole('button', { name: '复制 Markdown' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid="markdown-links"] button')?.textContent === '已复制');
    await expect(links.getByRole('status').textContent()).resolves.toBe('已复制本页的 Markdown');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe((await get('/docs/desktop/wing/Get%20start.md')).text);
    // Back to its label after the confirmation.
    await page.waitForFunction(() => document.querySelector('[data-testid="markdown-links"] button')?.textContent === '复制 Markdown', undefined, { timeout: 5000 });
  });

  it('posts have them too; unlisted pages do not (they have no Markdown version)', async () => {
    const post = await get('/blog/binder');
    expect(post.text).toContain('data-copy-markdown="/blog/binder.md"');
    for (const hidden of unlistedPaths) expect((await get(encodePath(hidden))).text).not.toContain('data-testid="markdown-links"');
  });

  it('without JavaScript the link opens the Markdown version and the button is hidden, also on a phone', async () => {
    const { page } = await session.load('/blog/binder', { javaScriptEnabled: false, viewport: PHONE });
    await expect(page.getByTestId('markdown-links').getByRole('button').isVisible()).resolves.toBe(false);
    const link = page.getByRole('link', { name: '查看 Markdown' });
    await expect(link.isVisible()).resolves.toBe(true);
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/blog/binder.md')), link.click()]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/markdown; charset=utf-8');
  });
});

describe('share cards (Open Graph images)', () => {
  const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;

  it('every doc and every post has an og:image that answers 200: a generated 1200×630 card unless the post has a cover', async () => {
    const problems: string[] = [];
    const cards = new Map<string, Uint8Array>();
    for (const item of [...docs, ...posts.filter((p) => !p.frontmatter.draft)]) {
      const html = (await get(encodePath(item.path))).text;
      const image = meta(html, 'og:image');
      if (!image?.startsWith(`${ORIGIN}/`)) {
        problems.push(`${item.path}: og:image ${image}`);
        continue;
      }
      const served = await fetch(url(image.slice(ORIGIN.length)));
      if (served.status !== 200 || !served.headers.get('content-type')?.startsWith('image/')) problems.push(`${item.path}: ${image} → ${served.status}`);
      const bytes = new Uint8Array(await served.arrayBuffer());
      if (meta(html, 'twitter:card') !== 'summary_large_image') problems.push(`${item.path}: twitter:card`);
      if (!meta(html, 'og:image:alt')) problems.push(`${item.path}: no og:image:alt`);
      const hasCover = 'image' in item.frontmatter && Boolean(item.frontmatter.image);
      if (hasCover) continue;
      if (!/\/static\/og\/[0-9a-f]+\.png$/.test(image)) problems.push(`${item.path}: not a generated card: ${image}`);
      if (meta(html, 'og:image:width') !== '1200' || meta(html, 'og:image:height') !== '630') problems.push(`${item.path}: og:image size`);
      cards.set(image.slice(ORIGIN.length), bytes);
    }
    expect(problems).toEqual([]);
    expect(cards.size).toBeGreaterThan(docs.length / 2);

    // Every generated card: a 1200×630 PNG with the title drawn across its centre.
    for (const [src, png] of cards) {
      const result = await cardPixels(png);
      expect({ src, result: typeof result === 'string' ? result : { width: result.width, height: result.height, inked: result.inkInCentre > 0.01, centreVaries: result.centreVaries } }).toEqual({
        src,
        result: { width: 1200, height: 630, inked: true, centreVaries: true },
      });
    }
  });
});
