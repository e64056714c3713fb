/**
 * “最后更新于” on the real build (content/README.md, 最后更新日期), as a rule over every listed page: the
 * date a page shows, its Markdown version's line and the sitemap's <lastmod> agree with git's own answer for the
 * file (`git log --format=%cs`), which holds on a full clone (CI checks out the full history; a
 * shallow clone is covered by __tests__/unit/last-updated.test.ts). Docs always show it; posts only
 * when changed after the commit that added them, on a later day than their own date.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { loadContent } from '../../gatsby/content/loader';
import { encodePath } from '../../src/lib/url-path';
import { useBrowser, url } from '../e2e/support/browser';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../..');
const { posts, docs } = loadContent(ROOT);

/** git's committer dates of a file, newest first (yyyy-mm-dd in the committer's time zone). */
const gitDates = (file: string): string[] => execFileSync('git', ['log', '--format=%cs', '--', file], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const zh = (iso: string) => iso.replace(/^(\d{4})-0?(\d+)-0?(\d+)$/, '$1年$2月$3日');

interface Expected {
  path: string;
  file: string;
  /** The date the page must show, or null when it shows none. */
  shown: string | null;
  /** The sitemap's <lastmod> ('' for none). */
  lastmod: string;
}

const listed = <T extends { frontmatter: { draft?: boolean; unlisted?: boolean } }>(items: T[]) => items.filter((i) => !i.frontmatter.draft && !i.frontmatter.unlisted);

const expected: Expected[] = [
  ...listed(docs).map((d) => {
    const dates = gitDates(d.file);
    return { path: encodePath(d.path), file: d.file, shown: dates[0] ?? null, lastmod: dates[0] ?? '' };
  }),
  ...listed(posts).map((p) => {
    const dates = gitDates(p.file);
    const newest = dates[0];
    const shown = dates.length >= 2 && newest !== undefined && newest > p.frontmatter.date ? newest : null;
    return { path: p.path, file: p.file, shown, lastmod: shown ?? p.frontmatter.date };
  }),
];

const session = useBrowser();

describe('the last-updated line, on every listed page', () => {
  it('is on a page exactly when git says it changed, with git’s date, in the page, its Markdown version and the sitemap', async () => {
    expect(expected.filter((e) => e.file.startsWith('content/docs/')).length).toBeGreaterThan(0);
    expect(expected.filter((e) => e.file.startsWith('content/blog/')).length).toBeGreaterThan(0);
    const sitemap = await (await fetch(url('/sitemap.xml'))).text();
    const wrong: string[] = [];
    for (const page of expected) {
      const html = await (await fetch(url(page.path))).text();
      const time = /data-testid="last-updated"[^>]*>[^<]*(?:<!-- -->)?[^<]*<time date[Tt]ime="([^"]+)"/.exec(html)?.[1] ?? null;
      if (time !== page.shown) wrong.push(`${page.path}: the page shows ${time ?? 'no date'}, git says ${page.shown ?? 'no date'} (${page.file})`);
      const markdown = await (await fetch(url(`${page.path}.md`))).text();
      const markdownLine = markdown.split('\n').find((line) => line.startsWith('最后更新于')) ?? null;
      if (page.shown && !markdownLine?.startsWith(`最后更新于 ${zh(page.shown)}`)) wrong.push(`${page.path}.md: ${markdownLine ?? 'no line'}, expected 最后更新于 ${zh(page.shown)}`);
      if (!page.shown && markdownLine) wrong.push(`${page.path}.md: ${markdownLine}, expected none`);
      // A doc not committed yet has no date anywhere: its sitemap entry has no <lastmod>.
      const loc = `<loc>https://www.iofomo.com${page.path}</loc>`;
      if (page.lastmod && !sitemap.includes(`${loc}<lastmod>${page.lastmod}</lastmod>`)) wrong.push(`sitemap: ${page.path} should have <lastmod>${page.lastmod}</lastmod>`);
      if (!page.lastmod && (!sitemap.includes(loc) || sitemap.includes(`${loc}<lastmod>`))) wrong.push(`sitemap: ${page.path} should be listed without <lastmod> (no commit has it yet)`);
    }
    expect(wrong).toEqual([]);
  });

  it('shows the date as text a reader sees, within a 320 px screen', async () => {
    const doc = expected.find((e) => e.shown && e.file.startsWith('content/docs/'));
    if (!doc?.shown) throw new Error('no doc with a last-updated date: is this a shallow clone?');
    const { page } = await session.open(doc.path, { viewport: { width: 320, height: 640 } });
    const line = page.getByTestId('last-updated');
    await line.waitFor({ state: 'visible' });
    expect((await line.textContent())?.trim()).toMatch(new RegExp(`^最后更新于 ${zh(doc.shown)}`));
    await line.scrollIntoViewIfNeeded();
    const box = await line.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
