/**
 * The editorial rules of gatsby/content/rules.ts over the real content/ folder: Chinese quotation
 * marks, no placeholders, no commit hashes in prose outside Releases pages, Chinese image alt text,
 * link text on every link, headings one level deeper at a time, a paragraph of Chinese on every
 * page and none copied between pages, Chinese typography (typography.ts), no post that links to a
 * later post outside a dated update note (series navigation and related posts are page chrome). A
 * listed post that only the blog list leads to is a reminder of check:content, not a failure
 * (gatsby/content/rules.ts says why). Docs and posts are separate tests so a failure says which
 * part of the content it is in; each lists file:line:column.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadContent } from '../../gatsby/content/loader';
import { findTypographyProblems } from '../../gatsby/content/typography';
import { checkMdxText, findLaterPostLinks, findNoChinese, findSharedParagraphs, formatProblem, isReleasesPage, type ContentRule } from '../../gatsby/content/rules';

const root = path.resolve(__dirname, '../..');
const { posts, docs } = loadContent(root);
const raw = (file: string) => readFileSync(path.join(root, file), 'utf8');
/** Each file checked once (every rule's test reads its own rule from it). */
const checked = new Map<string, ReturnType<typeof checkMdxText>>();
const problemsOf = (files: string[], rule: ContentRule) =>
  files.flatMap((file) => {
    if (!checked.has(file)) checked.set(file, checkMdxText(raw(file), { hashesAllowed: isReleasesPage(file) }));
    return (checked.get(file) ?? []).filter((p) => p.rule === rule).map((p) => formatProblem(file, p));
  });

describe.each([
  ['docs', docs.map((d) => d.file)],
  ['posts', posts.map((p) => p.file)],
])('%s', (_, files) => {
  it('are there to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  // The rules of checkMdxText, one test each so a failure names the rule.
  it.each<[string, ContentRule]>([
    ['quote Chinese text with “” and ‘’ (no 「」, no ASCII quotes in Chinese prose)', 'quotes'],
    ['leave no placeholder (<…地址>, ‹…›, TODO, 待补充)', 'placeholder'],
    ['name no commit hash in prose (Releases pages excepted; code and link addresses are fine)', 'commit-hash'],
    ['give every link words to read', 'link-text'],
    ['go one heading level deeper at a time', 'heading-order'],
    ['describe every Markdown image in Chinese (alt text)', 'image-alt'],
  ])('%s', (_, rule) => {
    expect(problemsOf(files, rule)).toEqual([]);
  });

  it('have at least one paragraph of Chinese each (drafts once published)', () => {
    const drafts = new Set(posts.filter((p) => p.frontmatter.draft).map((p) => p.file));
    expect(files.filter((file) => !drafts.has(file)).flatMap((file) => findNoChinese(raw(file)).map((p) => formatProblem(file, p)))).toEqual([]);
  });

  it('follow Chinese typography (AutoCorrect: spaces between Han and Latin, full-width punctuation; npm run fix:content)', () => {
    expect(files.flatMap((file) => findTypographyProblems(raw(file)).map((p) => formatProblem(file, p)))).toEqual([]);
  });
});

describe('docs and posts together', () => {
  it('share no paragraph (no copied text)', () => {
    const files = [...posts, ...docs].map((item) => item.file);
    expect(files.length).toBeGreaterThan(1);
    expect(findSharedParagraphs(files.map((file) => ({ file, source: raw(file) }))).map(({ file, problem }) => formatProblem(file, problem))).toEqual([]);
  });
});

describe('posts', () => {
  // Docs carry no date, so only posts can know the future.
  it('link to later posts only from a dated update note', () => {
    const dateOf = new Map(posts.map((p) => [p.path, p.frontmatter.date]));
    const today = new Date().toISOString().slice(0, 10);
    expect(posts.length).toBeGreaterThan(1);
    const problems = posts.flatMap((p) => findLaterPostLinks(raw(p.file), p.frontmatter.date, (route) => dateOf.get(route), today).map((problem) => formatProblem(p.file, problem)));
    expect(problems).toEqual([]);
  });
});
