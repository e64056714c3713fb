/**
 * The build report (npm run report, scripts/report/) on two real builds: the build under test
 * (E2E_FIXTURE_SITE_DIR when set, else the e2e project's build: support/env.ts) and a copy of it
 * changed the way a pull request changes the site — a post added, a heading reworded (its text and
 * its id), a link broken — by editing the copy's files. The snapshots of both must show exactly
 * those three changes, and an unchanged copy none. No browser: the snapshots read the files.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pageDataFile, pageHtmlFile, pageHtmlFiles } from '../../gatsby/framework/internals';
import { extractLinks } from '../../gatsby/postbuild/link-report';
import { compareSnapshots } from '../../scripts/report/compare';
import { snapshot, type SiteSnapshot } from '../../scripts/report/snapshot';
import { siteConfig } from '../../src/config/site';
import { SITE_DIR } from './support/env';

const SOURCE = process.env.E2E_FIXTURE_SITE_DIR ? path.resolve(process.env.E2E_FIXTURE_SITE_DIR) : SITE_DIR;
const ADDED = '/blog/report-added-post';
const ADDED_TITLE = '构建报告测试：新增的文章';
const RENAMED_ID = 'report-renamed-heading';
const MISSING = '/report-missing-page';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('build report on two builds', () => {
  let work: string;
  let base: SiteSnapshot;
  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'iofomo-report-'));
    cpSync(SOURCE, work, { recursive: true });
    base = await snapshot(SOURCE, { label: 'base' });
  }, 180_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('reports nothing for an unchanged copy, not even an image an earlier build left in its folder', async () => {
    // Gatsby does not empty public/static/: a picture of another site built there before stays, named by no page.
    const picture = (readdirSync(path.join(work, 'static'), { recursive: true }) as string[]).find((file) => /\.(png|jpe?g|webp)$/.test(file));
    if (!picture) throw new Error(`no picture under ${work}/static`);
    mkdirSync(path.join(work, 'static', 'left-by-another-build'), { recursive: true });
    cpSync(path.join(work, 'static', picture), path.join(work, 'static', 'left-by-another-build', path.basename(picture)));
    const model = compareSnapshots(base, await snapshot(work, { label: 'copy' }));
    expect(base.imageBytes).toBeGreaterThan(0);
    expect(model.images.head).toBe(model.images.base);
    expect(base.pages.length).toBeGreaterThan(3);
    expect([model.added, model.removed, model.changed, model.links.added, model.links.fixed]).toEqual([[], [], [], [], []]);
    expect(model.js.length).toBeGreaterThan(0);
    expect(model.js.map((f) => f.head)).toEqual(model.js.map((f) => f.base));
  }, 120_000);

  it('reports the post added, the heading reworded and the link broken, and nothing else', async () => {
    const posts = base.pages.filter((p) => p.type === 'post');
    expect(posts.length).toBeGreaterThanOrEqual(3);
    const html = (pagePath: string) => readFileSync(pageHtmlFile(work, pagePath), 'utf8');
    const write = (pagePath: string, text: string) => writeFileSync(pageHtmlFile(work, pagePath), text);

    // 1. A post added: a copy of one under a new path, with a title of its own.
    const [copied, ...others] = posts as [(typeof posts)[number], ...typeof posts];
    mkdirSync(path.dirname(pageHtmlFile(work, ADDED)), { recursive: true });
    mkdirSync(path.dirname(pageDataFile(work, ADDED)), { recursive: true });
    writeFileSync(pageHtmlFile(work, ADDED), html(copied.path).replace(/<title([^>]*)>[^<]*</, `<title$1>${ADDED_TITLE} | ${siteConfig.title}<`));
    cpSync(pageDataFile(work, copied.path), pageDataFile(work, ADDED));

    // 2. A heading reworded, text and id, and its table-of-contents entry with it (the page's other
    // sections stay the same: what other pages' content puts beside them is left out), a heading no other page links to…
    const linked = new Set<string>();
    for (const { file, path: from } of pageHtmlFiles(work)) {
      for (const href of extractLinks(readFileSync(path.join(work, file), 'utf8'))) if (href.includes('#') && !href.startsWith('#')) linked.add(`${from} ${decodeURI(href)}`);
    }
    // …and whose text is plain (no markup inside the heading), so that it can be rewritten here.
    const candidate = (p: (typeof posts)[number], s: (typeof p.sections)[number]) => s.id !== null && ![...linked].some((l) => l.endsWith(` ${p.path}#${s.id}`)) && html(p.path).includes(`id="${s.id}">${s.heading}<`);
    const reworded = others.find((p) => p.sections.some((s) => candidate(p, s)));
    if (!reworded) throw new Error('no post with a heading that no page links to');
    const section = reworded.sections.find((s) => candidate(reworded, s)) as { id: string; heading: string };
    const renamed = html(reworded.path)
      .replace(new RegExp(`id="${escape(section.id)}"`, 'g'), `id="${RENAMED_ID}"`)
      .replace(new RegExp(`#${escape(encodeURI(section.id))}"|#${escape(section.id)}"`, 'g'), `#${RENAMED_ID}"`)
      .replace(new RegExp(`((?:id|href)="#?${RENAMED_ID}"[^>]*>)${escape(section.heading)}`, 'g'), `$1${section.heading}（改）`);
    expect(renamed).toContain(`${section.heading}（改）`);
    write(reworded.path, renamed);

    // 3. A link broken: the first site link in the body of a third post now points nowhere.
    const broken = others.find((p) => p !== reworded && /<main[\s\S]*?<a [^>]*href="\/(?:blog|docs)\//.test(html(p.path)));
    if (!broken) throw new Error('no third post with a link to another page');
    const before = html(broken.path);
    const mainAt = before.indexOf('<main');
    write(broken.path, before.slice(0, mainAt) + before.slice(mainAt).replace(/(<a [^>]*href=")\/(?:blog|docs)\/[^"]*"/, `$1${MISSING}"`));

    const model = compareSnapshots(base, await snapshot(work, { label: 'head' }));
    expect(model.added).toEqual([{ path: ADDED, title: ADDED_TITLE, type: 'post' }]);
    expect(model.removed).toEqual([]);
    expect(model.changed).toEqual([
      {
        path: reworded.path,
        title: reworded.title,
        type: 'post',
        sections: [
          { id: RENAMED_ID, heading: `${section.heading}（改）`, change: 'added' },
          { id: section.id, heading: section.heading, change: 'removed' },
        ],
      },
    ]);
    expect(model.links.added.map((l) => [l.page, l.link])).toEqual([[broken.path, MISSING]]);
    expect(model.links.fixed).toEqual([]);
  }, 180_000);
});
