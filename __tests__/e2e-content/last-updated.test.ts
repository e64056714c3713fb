/**
 * “最后更新于” on the real build (content/README.md, 最后更新日期): the date each page shows, the twin's line and the
 * sitemap's <lastmod> agree with git's own answer for the file (`git log -1 --format=%cs`), which
 * holds on a full clone (CI checks out the full history; a shallow clone is covered by
 * __tests__/unit/last-updated.test.ts). Docs always show it; posts only when edited after their date.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { loadContent } from '../../gatsby/content/loader';
import { encodePath } from '../../src/lib/url-path';
import { useBrowser, url } from './support/browser';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../..');
const { posts, docs } = loadContent(ROOT);

/** git's committer dates of a file, newest first (yyyy-mm-dd in the committer's time zone). */
const gitDates = (file: string): string[] => execFileSync('git', ['log', '--format=%cs', '--', file], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const zh = (iso: string) => iso.replace(/^(\d{4})-0?(\d+)-0?(\d+)$/, '$1年$2月$3日');

const session = useBrowser();

const doc = docs.find((d) => d.docId === 'desktop/wing/Introduce');
const edited = posts.find((p) => !p.frontmatter.draft && gitDates(p.file).length > 1 && (gitDates(p.file)[0] as string) > p.frontmatter.date);
const untouched = posts.find((p) => !p.frontmatter.draft && gitDates(p.file).length === 1);

describe('the last-updated line', () => {
  it('a doc shows git’s date of its last change in <time datetime>, in its twin and in the sitemap', async () => {
    if (!doc) throw new Error('content/docs/desktop/wing/Introduce.mdx is gone: pick another doc');
    const date = gitDates(doc.file)[0] as string;
    const { page } = await session.open(encodePath(doc.path));
    const line = page.getByTestId('last-updated');
    await line.waitFor({ state: 'visible' });
    expect((await line.textContent())?.trim()).toBe(`最后更新于 ${zh(date)}`);
    expect(await line.locator('time').getAttribute('datetime')).toBe(date);

    const twin = await (await fetch(url(`${encodePath(doc.path)}.md`))).text();
    expect(twin.split('\n').slice(0, 3)).toEqual([`# ${doc.frontmatter.title}`, '', `最后更新于 ${zh(date)}`]);

    const sitemap = await (await fetch(url('/sitemap.xml'))).text();
    expect(sitemap).toContain(`<loc>https://www.iofomo.com${encodePath(doc.path)}</loc><lastmod>${date}</lastmod>`);
  });

  it('a post edited after its date shows the edit’s date; one never changed since it was added shows none', async () => {
    if (!edited || !untouched) throw new Error('need one edited and one untouched post in content/blog');
    const { page } = await session.open(edited.path);
    const line = page.locator('article header [data-testid="last-updated"]');
    await line.waitFor({ state: 'visible' });
    expect((await line.textContent())?.trim()).toBe(`最后更新于 ${zh(gitDates(edited.file)[0] as string)}`);

    const html = await (await fetch(url(untouched.path))).text();
    expect(html).toContain('data-testid="reading-time"');
    expect(html).not.toContain('data-testid="last-updated"');
    const sitemap = await (await fetch(url('/sitemap.xml'))).text();
    expect(sitemap).toContain(`<loc>https://www.iofomo.com${untouched.path}</loc><lastmod>${untouched.frontmatter.date}</lastmod>`);
  });

  it('fits a 320 px screen without widening the page', async () => {
    const { page } = await session.open(encodePath(doc?.path ?? '/docs/intro'), { viewport: { width: 320, height: 640 } });
    const line = page.getByTestId('last-updated');
    await line.scrollIntoViewIfNeeded();
    const box = await line.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
