/**
 * Fast content check for editors: `npm run check:content [-- <files or folders>]`.
 * Validates frontmatter, renders every MDX file with the build's renderer, resolves internal links and image
 * references, and applies the editorial rules of gatsby/content/rules.ts (quotation marks, placeholders,
 * commit hashes in prose, links to later posts, posts no other page links to), the spec's routes the
 * content must keep (gatsby/content/spec-routes.ts) and the Chinese typography
 * of gatsby/content/typography.ts (fixed by npm run fix:content), without a Gatsby build. Exits 1 when anything is wrong, naming file and line.
 * Warnings (file and line too) point at what renders but may not be what the editor meant; they do not fail the check.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { visit } from 'unist-util-visit';
import { assertUniqueSlugs, ContentError } from '../gatsby/content/model';
import { checkPageLinks } from '../gatsby/content/link-check';
import { docEntry, planSite, postEntry } from '../src/lib/routes';
import { renderMdx } from '../gatsby/markdown/render';
import { contentErrorMessage, location } from '../gatsby/markdown/errors';
import { RESTORED_DIRECTIVE_RULE, RESTORED_DIRECTIVE_SOURCE } from '../gatsby/markdown/restore-directives';
import { contentPages } from '../gatsby/content/link-targets';
import { missingSpecRoutes, readSpecRoutes } from '../gatsby/content/spec-routes';
import { aliasesOf, anchorProblems, readPublishedAnchors } from '../gatsby/content/anchors';
import { headingIds } from '../gatsby/markdown/slug';
import { loadContent } from '../gatsby/content/loader';
import { buildDrawDiagram } from '../gatsby/markdown/draw-diagrams';
import { checkMdxText, findLaterPostLinks, findNoChinese, findOrphanPosts, findSharedParagraphs, formatProblem, isReleasesPage, scanMdx, slugLine } from '../gatsby/content/rules';
import { authorMatcher } from '../gatsby/content/git-history';
import { findTypographyProblems } from '../gatsby/content/typography';
import { loadSeriesNames, seriesMessages } from '../gatsby/content/series';
import type { SeriesNames } from '../src/lib/series';
import { chromeLinks, seriesMember } from '../gatsby/content/chrome-links';

const args = process.argv.slice(2);
// --root <dir> checks another tree with a content/ folder (the bad-input fixtures of the tests);
// given several times, it checks each tree in turn in this one process, and --json prints
// { [root]: { status, output } } instead of the report (the tests check every fixture at once).
const roots: string[] = [];
for (let at = args.indexOf('--root'); at >= 0; at = args.indexOf('--root')) roots.push(path.resolve(args.splice(at, 2)[1] as string));
const jsonAt = args.indexOf('--json');
const json = jsonAt >= 0 && args.splice(jsonAt, 1).length > 0;
if (roots.length === 0) roots.push(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));

interface Reference {
  kind: 'link' | 'image';
  url: string;
  line: number | undefined;
}

/** A link to a page of the site or an anchor of this page: checked by checkPageLinks. */
const isSiteLink = (ref: Reference) => ref.kind === 'link' && (ref.url.startsWith('#') || (ref.url.startsWith('/') && !ref.url.startsWith('//')));

function collectReferences(refs: Reference[]) {
  return () => (tree: unknown) => {
    visit(tree as never, (node: { type: string; url?: string; position?: { start: { line: number } }; attributes?: Array<{ name?: string; value?: unknown }> }) => {
      const line = node.position?.start.line;
      if (node.type === 'link' && node.url) refs.push({ kind: 'link', url: node.url, line });
      if (node.type === 'image' && node.url) refs.push({ kind: 'image', url: node.url, line });
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.attributes) {
        for (const attr of node.attributes) {
          if (typeof attr.value !== 'string') continue;
          if (attr.name === 'href') refs.push({ kind: 'link', url: attr.value, line });
          if (attr.name === 'src') refs.push({ kind: 'image', url: attr.value, line });
        }
      }
    });
  };
}

/** The parser's warnings about `file` (gatsby/markdown/restore-directives.ts): `word:name` followed by […] or {…}, shown as written. */
function collectWarnings(file: string, warnings: string[]) {
  return () => (_tree: unknown, vfile: { messages: Array<{ reason: string; line?: number | null; column?: number | null; source?: string | null; ruleId?: string | null }> }) => {
    for (const m of vfile.messages) {
      if (m.source === RESTORED_DIRECTIVE_SOURCE && m.ruleId === RESTORED_DIRECTIVE_RULE) warnings.push(`${location(file, m.line ? { line: m.line, column: m.column ?? undefined } : null)} 提醒：${m.reason}`);
    }
  };
}

/** The check of one tree: the report an editor reads, and whether anything is wrong. */
async function checkTree(root: string): Promise<{ status: 0 | 1; output: string }> {
  const filters = args.map((arg) => path.relative(root, path.resolve(arg)));
  const inScope = (file: string) => filters.length === 0 || filters.some((f) => file === f || file.startsWith(`${f}/`));
  const { posts, docs, errors } = loadContent(root);
  const problems: string[] = errors.map((e) => e.message);
  const warnings: string[] = [];
  const authorsFile = path.join(root, 'content/authors.json');
  try {
    // The `git` identities that put an author's name after “最后更新于”.
    if (existsSync(authorsFile)) authorMatcher(JSON.parse(readFileSync(authorsFile, 'utf8')));
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  try {
    assertUniqueSlugs(posts.map((p) => ({ slug: p.frontmatter.slug, file: p.file })));
  } catch (error) {
    if (error instanceof ContentError) problems.push(error.message);
    else throw error;
  }

  // Series: keys of content/series.yaml, no two parts at one place (gatsby/content/series.ts).
  let seriesNames: SeriesNames = {};
  try {
    seriesNames = loadSeriesNames(path.join(root, 'content'));
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  problems.push(
    ...seriesMessages(
      posts.map((p) => ({ ...seriesMember(p), file: p.file, raw: readFileSync(path.join(root, p.file), 'utf8') })),
      seriesNames,
    ),
  );

  const postEntries = posts.map((p) => postEntry(p.file, p.file, p.frontmatter, 1));
  const docEntries = docs.map((d) => docEntry(d.file, d.file, d.docId, d.frontmatter));
  const plan = planSite(postEntries, docEntries, { includeDrafts: true });
  // The spec's routes (gatsby/content/spec-routes.ts), against the pages a production build makes: no drafts.
  const specRoutes = readSpecRoutes(root);
  if (specRoutes) {
    const production = planSite(postEntries, docEntries, { includeDrafts: false });
    problems.push(...missingSpecRoutes(specRoutes, new Set(production.map((page) => page.path))));
  }
  const files = [...posts, ...docs].map((item) => ({ file: item.file, path: item.path, body: item.body, bodyLine: item.bodyLine, raw: readFileSync(path.join(root, item.file), 'utf8') }));

  const drafts = new Set(posts.filter((p) => p.frontmatter.draft).map((p) => p.file));
  const dateOf = new Map(posts.map((p) => [p.path, p.frontmatter.date]));
  const postDate = new Map(posts.map((p) => [p.file, p.frontmatter.date]));
  const today = new Date().toISOString().slice(0, 10);
  // Each file in scope rendered once: MDX syntax, then the links and images it holds.
  const refsByFile = new Map<string, Reference[]>();
  for (const { file, body, bodyLine, raw } of files.filter((f) => inScope(f.file))) {
    const refs: Reference[] = [];
    try {
      await renderMdx(body, { file, firstLine: bodyLine, remarkPlugins: [collectReferences(refs), collectWarnings(file, warnings)], drawDiagram: buildDrawDiagram() });
    } catch (error) {
      // The build's and the develop server's message, word for word (gatsby/markdown/errors.ts).
      problems.push(contentErrorMessage(error, file));
      continue;
    }
    refsByFile.set(file, refs);
    if (/^#\s/m.test(body.replace(/```[\s\S]*?```/g, ''))) problems.push(`${file}: 正文不应包含一级标题（#），标题来自 frontmatter`);
    // Relative links and images: files next to the page.
    for (const ref of refs.filter((r) => !isSiteLink(r) && !/^(https?:|mailto:|tel:)/.test(r.url))) {
      const where = `${file}:${ref.line ?? '?'}`;
      const target = path.resolve(root, path.dirname(file), decodeURIComponent(ref.url.split(/[?#]/)[0] as string));
      if (ref.url.startsWith('/')) problems.push(`${where} 图片请使用相对路径：${ref.url}`);
      else if (existsSync(target)) continue;
      else if (ref.kind === 'link') problems.push(`${where} 链接到其他页面请写以 / 开头的绝对路径（同一页内的标题写 #锚点）：${ref.url}`);
      else problems.push(`${where} 引用的文件不存在：${ref.url}`);
    }
    // A draft may still be empty: it needs its paragraph of Chinese when it is published.
    for (const problem of [...checkMdxText(raw, { hashesAllowed: isReleasesPage(file) }), ...(drafts.has(file) ? [] : findNoChinese(raw))]) problems.push(formatProblem(file, problem));
    // Chinese typography (AutoCorrect, in prose only): npm run fix:content fixes these.
    for (const problem of findTypographyProblems(raw)) problems.push(formatProblem(file, problem));
    const date = postDate.get(file);
    if (date) for (const problem of findLaterPostLinks(raw, date, (p) => dateOf.get(p), today)) problems.push(formatProblem(file, problem));
  }

  // A paragraph copied into another page (problems only in scope, copies of any file count).
  for (const { file, problem } of findSharedParagraphs(files.map((f) => ({ file: f.file, source: f.raw })))) if (inScope(file)) problems.push(formatProblem(file, problem));

  // Published anchors (content/anchors.json): each still a heading of its page, or aliased to one.
  const published = readPublishedAnchors(path.join(root, 'content'));
  for (const f of files.filter((x) => inScope(x.file) && refsByFile.has(x.file))) {
    for (const message of anchorProblems(published, f.file, new Set(headingIds(f.body)))) problems.push(`${f.file} ${message}`);
  }

  // Links to pages and anchors: the site's one link check, over every page the content makes.
  const fileOfPage = new Map(files.map((f) => [f.path, f.file]));
  const pages = contentPages(
    plan,
    files.map((f) => ({ path: f.path, body: f.body, aliases: Object.keys(aliasesOf(published, f.file)), links: (refsByFile.get(f.file) ?? []).filter(isSiteLink).map((ref) => ({ href: ref.url, line: ref.line })) })),
  );
  for (const { page, link, message } of checkPageLinks(pages)) problems.push(`${fileOfPage.get(page)}:${link.line ?? '?'} 站内链接 ${link.href} 无效：${message}`);

  // Every listed post should have a way in from another page (links from any file count, reminders only in
  // scope): the body's links, the series boxes and the related posts the build puts at the end of each post.
  // A reminder, not a problem: the related posts shift with every post added or retagged elsewhere, so a
  // post nobody touched could lose its last way in, and an edit of one page must not fail another.
  const listed = posts.filter((p) => !p.frontmatter.unlisted && !p.frontmatter.draft);
  const byFile = new Map(files.map((f) => [f.file, f.raw]));
  const orphans = findOrphanPosts(
    listed.map((p) => ({ file: p.file, path: p.path, line: slugLine(byFile.get(p.file) ?? '') })),
    [...files.map((f) => ({ file: f.file, links: scanMdx(f.body).links })), ...chromeLinks(posts, seriesNames)],
  );
  for (const orphan of orphans.filter((o) => inScope(o.file))) warnings.push(formatProblem(orphan.file, { ...orphan.problem, message: `提醒：${orphan.problem.message}` }));

  const scope = filters.length ? `（范围：${filters.join(', ')}）` : '';
  const checked = files.filter((f) => inScope(f.file)).length;
  const relevant = problems.filter((p) => filters.length === 0 || filters.some((f) => p.includes(f)));
  const warned = warnings.length ? `${warnings.join('\n')}\n\n` : '';
  const reminders = warnings.length ? `，${warnings.length} 个提醒` : '';
  if (relevant.length) return { status: 1, output: `${warned}${relevant.join('\n')}\n\n${relevant.length} 个问题${reminders}，检查了 ${checked} 个文件${scope}` };
  return { status: 0, output: `${warned}内容检查通过：${posts.length} 篇文章，${docs.length} 篇文档${reminders}，检查了 ${checked} 个文件${scope}` };
}

async function main(): Promise<void> {
  const results: Record<string, { status: number; output: string }> = {};
  for (const root of roots) {
    try {
      results[root] = await checkTree(root);
    } catch (error) {
      results[root] = { status: 1, output: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
  }
  const all = Object.values(results);
  if (json) console.log(JSON.stringify(results));
  else for (const { status, output } of all) (status ? console.error : console.log)(output);
  process.exit(all.some((r) => r.status !== 0) ? 1 : 0);
}

void main();
