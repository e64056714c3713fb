/**
 * The editorial rules of build/content/rules.ts over the real content/ folder: Chinese quotation
 * marks, no placeholders, and no listed post that only the blog list leads to. Docs and posts are
 * separate tests so a failure says which part of the content it is in; each lists file:line:column.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadContent } from '../../build/content/loader';
import { checkMdxText, findOrphanPosts, formatProblem, scanMdx, slugLine } from '../../build/content/rules';

const root = path.resolve(__dirname, '../..');
const { posts, docs } = loadContent(root);
const raw = (file: string) => readFileSync(path.join(root, file), 'utf8');
const problemsOf = (files: string[], rule: 'quotes' | 'placeholder') =>
  files.flatMap((file) => checkMdxText(raw(file)).filter((p) => p.rule === rule).map((p) => formatProblem(file, p)));

describe.each([
  ['docs', docs.map((d) => d.file)],
  ['posts', posts.map((p) => p.file)],
])('%s', (_, files) => {
  it('quote Chinese text with “” and ‘’ (no 「」, no ASCII quotes in Chinese prose)', () => {
    expect(problemsOf(files, 'quotes')).toEqual([]);
  });

  it('leave no placeholder (<…地址>, ‹…›, TODO, 待补充)', () => {
    expect(problemsOf(files, 'placeholder')).toEqual([]);
  });
});

describe('posts', () => {
  it('are each linked from at least one other post or doc', () => {
    const listed = posts.filter((p) => !p.frontmatter.unlisted && !p.frontmatter.draft);
    const orphans = findOrphanPosts(
      listed.map((p) => ({ file: p.file, path: p.path, line: slugLine(raw(p.file)) })),
      [...posts, ...docs].map((item) => ({ file: item.file, links: scanMdx(item.body).links })),
    );
    expect(orphans.map((o) => formatProblem(o.file, o.problem))).toEqual([]);
  });
});
