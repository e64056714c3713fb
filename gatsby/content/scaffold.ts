/**
 * `npm run new`: plans a new post or doc (scripts/new-content.mts writes it). Pure: given what
 * content/ already holds and today's date, returns the file and its text, or refuses with a
 * Chinese message. The text is checked with the build's own validators and editorial rules before
 * it is offered, so what is written passes `npm run check:content`.
 *
 * - post <slug> "标题": content/blog/<today>-<slug>/index.mdx, every field of the content model,
 *   `draft: true` (shown by `npm run develop` only, so the orphan-post rule does not apply yet:
 *   publishing means deleting that line and linking the post from a related page). Refused when any
 *   post in the blog (any folder, drafts and unreadable files included) has the slug, or when the
 *   slug is a blog list's own address (tags, archive, page).
 * - doc <path> "标题": content/docs/<path>.mdx, sidebar_position after the last doc of its folder's
 *   sidebar. Refused when a doc has that path (letter case aside: addresses would collide).
 */
import { readFrontmatter } from './frontmatter';
import YAML from 'yaml';
import { validateDoc, validatePost } from './model';
import { docIdFromRelativePath } from '../../src/lib/docs';
import { ARCHIVE_PATH, BLOG_BASE, TAGS_PATH } from '../../src/lib/routes';
import { checkMdxText, formatProblem } from './rules';
import { findTypographyProblems, fixTypography } from './typography';

export class ScaffoldError extends Error {}

export interface ExistingContent {
  /** Every post's slug: frontmatter and folder names, drafts and files that do not validate included. */
  postSlugs: readonly string[];
  /** Each readable post's tags and authors, newest first. */
  posts: ReadonlyArray<{ tags: readonly string[]; authors: readonly string[] }>;
  /** Author ids of content/authors.json. */
  authors: readonly string[];
  /** Every doc's id (`desktop/wing/Get start`), with its position when it shows in a sidebar. */
  docs: ReadonlyArray<{ id: string; sidebarPosition?: number }>;
}

export type ScaffoldRequest = { kind: 'post'; slug: string; title: string; tags?: string[]; authors?: string[] } | { kind: 'doc'; path: string; title: string };

export interface ScaffoldPlan {
  /** Relative to the project: `content/blog/2026-11-24-x/index.mdx`. */
  file: string;
  text: string;
  /** What was chosen for the editor (defaults taken), to print. */
  notes: string[];
}

/**
 * The constructs an editor can write, shown in the new file as an MDX comment (so nothing of it
 * renders): each one's shortest correct form, as content/README.md describes them.
 */
export const CONSTRUCTS_HELP: readonly string[] = [
  '{/* 可用的写法（详见 content/README.md），需要时复制到注释外面：',
  '',
  '   ## 标题 {#install}          标题后写 {#锚点}：以后改标题，链接也不会断（改了标题记得运行 npm run anchors）',
  '',
  '   **重点。**后文              中文标点后面的加粗、斜体照常生效',
  '',
  '   :::tip 标题                 提示框：note、info、tip、important、warning、caution、danger',
  '   内容',
  '   :::',
  '',
  '   :::steps                    步骤：里面写一个有序列表，每一项是一步',
  '   1. 第一步',
  '   2. 第二步',
  '   :::',
  '',
  '   ```filetree                 文件树：缩进表示层级，目录以 / 结尾，“ # ”后面是说明',
  '   src/',
  '     index.ts  # 入口',
  '   ```',
  '',
  '   <Tabs groupId="os">         标签页',
  '   <TabItem value="mac" label="macOS">…</TabItem>',
  '   <TabItem value="linux" label="Linux">…</TabItem>',
  '   </Tabs>',
  '*/}',
];

export const USAGE = ['用法：', '  npm run new -- post <slug> "标题" [--tags 标签1,标签2] [--authors 作者id]', '  npm run new -- doc <路径> "标题"      例如 doc desktop/wing/FAQ "常见问题"'].join('\n');

const list = (value: string) =>
  value
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Command-line arguments (after `npm run new --`) → a request. */
export function parseArgs(argv: readonly string[]): ScaffoldRequest {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const option = /^--(tags|authors)(?:=(.*))?$/.exec(arg);
    if (option) {
      const value = option[2] ?? argv[(i += 1)];
      if (value === undefined) throw new ScaffoldError(`--${option[1]} 后面缺少取值\n${USAGE}`);
      options[option[1] as string] = value;
    } else if (arg.startsWith('--')) {
      throw new ScaffoldError(`不认识的选项 ${arg}\n${USAGE}`);
    } else positional.push(arg);
  }
  const [kind, where, title, ...rest] = positional;
  if ((kind !== 'post' && kind !== 'doc') || !where || title === undefined || rest.length) {
    throw new ScaffoldError(`参数不对：需要类型（post 或 doc）、slug 或路径、标题三项${rest.length ? `，多出了 ${rest.join(' ')}（标题有空格时请加引号）` : ''}\n${USAGE}`);
  }
  if (kind === 'doc') {
    if (Object.keys(options).length) throw new ScaffoldError(`文档没有 --tags、--authors 选项\n${USAGE}`);
    return { kind, path: where, title };
  }
  return { kind, slug: where, title, ...(options.tags ? { tags: list(options.tags) } : {}), ...(options.authors ? { authors: list(options.authors) } : {}) };
}

function checkedTitle(title: string): string {
  const clean = title.trim();
  if (!clean) throw new ScaffoldError('标题不能为空');
  if (/[\r\n]/.test(clean)) throw new ScaffoldError('标题只能有一行');
  return clean;
}

/** The title with the typography rules applied (安装Wing → 安装 Wing), and a note when that changed it. */
function typesetTitle(title: string, notes: string[]): string {
  const fixed = fixTypography(title);
  if (fixed !== title) notes.push(`标题按排版规则写成了“${fixed}”（见 content/README.md 的“排版”）`);
  return fixed;
}

/** A YAML scalar as a person would write it: plain when YAML reads it back as the same string. */
const scalar = (value: string) => YAML.stringify(value, { lineWidth: 0 }).trimEnd();

/** The text passes the build's validation and the editorial rules, or the request is refused with their messages. */
function verified(file: string, text: string, validate: (data: Record<string, unknown>) => void): void {
  try {
    validate(readFrontmatter(text).data);
  } catch (error) {
    throw new ScaffoldError(error instanceof Error ? error.message : String(error));
  }
  const problems = [...checkMdxText(text), ...findTypographyProblems(text)];
  if (problems.length) throw new ScaffoldError(`写出的文件会通不过内容检查，请修改标题：\n${problems.map((p) => `  ${formatProblem(file, p)}`).join('\n')}`);
}

function mostUsed(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

/** Blog addresses that are lists, not posts: /blog/tags, /blog/archive, /blog/page/2. */
const RESERVED_SLUGS = [TAGS_PATH, ARCHIVE_PATH, `${BLOG_BASE}/page`].map((p) => p.slice(BLOG_BASE.length + 1));

export function planPost(request: Extract<ScaffoldRequest, { kind: 'post' }>, existing: ExistingContent, today: string): ScaffoldPlan {
  const notes: string[] = [];
  const title = typesetTitle(checkedTitle(request.title), notes);
  const slug = request.slug.trim();
  const taken = existing.postSlugs.find((s) => s.toLowerCase() === slug.toLowerCase());
  if (taken) throw new ScaffoldError(`博客里已有 slug 为“${taken}”的文章（/blog/${taken}），请换一个 slug`);
  if (RESERVED_SLUGS.includes(slug.toLowerCase())) throw new ScaffoldError(`slug 不能是“${slug}”：/blog/${slug} 是博客列表自己的网址`);

  const knownTags = new Set(existing.posts.flatMap((p) => p.tags));
  let tags = request.tags;
  if (tags?.length) {
    const unknown = tags.filter((t) => !knownTags.has(t));
    if (unknown.length) throw new ScaffoldError(`还没有文章用过标签 ${unknown.join('、')}（区分大小写）。新增标签前请先与维护者确认；现有标签：${[...knownTags].sort().join(' ')}`);
  } else {
    const tag = mostUsed(existing.posts.flatMap((p) => p.tags));
    if (!tag) throw new ScaffoldError('还没有任何标签可用，请用 --tags 指定');
    tags = [tag];
    notes.push(`标签暂用最常用的“${tag}”，请按内容修改 tags（或下次用 --tags 指定）`);
  }
  let authors = request.authors;
  if (authors?.length) {
    const unknown = authors.filter((a) => !existing.authors.includes(a));
    if (unknown.length) throw new ScaffoldError(`content/authors.json 里没有作者 ${unknown.join('、')}；现有作者：${existing.authors.join(' ')}`);
  } else {
    const newest = existing.posts[0]?.authors.filter((a) => existing.authors.includes(a)) ?? [];
    authors = newest.length ? [...newest] : existing.authors.slice(0, 1);
    if (!authors.length) throw new ScaffoldError('content/authors.json 里还没有作者');
    notes.push(`作者：${authors.join('、')}（与最新一篇文章相同；可用 --authors 指定）`);
  }

  const folder = `${today}-${slug}`;
  const file = `content/blog/${folder}/index.mdx`;
  const text = [
    '---',
    `slug: ${scalar(slug)}`,
    `title: ${scalar(title)}`,
    `date: ${today}`,
    `tags: [${tags.map(scalar).join(', ')}]`,
    `authors: [${authors.map(scalar).join(', ')}]`,
    `description: ${scalar(title)}`,
    'draft: true',
    '---',
    '',
    '{/* 正文从这里开始，用 ## 和 ### 分节。description 是列表、搜索和分享卡片里的一句话摘要，请改写。',
    '   发布前删掉 draft: true，并从相关的文章或文档链接到这篇文章（见 content/README.md）。 */}',
    '',
    ...CONSTRUCTS_HELP,
    '',
  ].join('\n');
  verified(file, text, (data) => validatePost(data, file, folder));
  notes.push('这是草稿（draft: true）：npm run develop 里可见，正式构建不生成');
  return { file, text, notes };
}

/** `desktop/wing/FAQ`, also written `/docs/desktop/wing/FAQ`, `content/docs/…` or with `.mdx`. */
function docRelativePath(input: string): string {
  const relative = input
    .trim()
    .replace(/\\/g, '/')
    .replace(/^\/+/, '')
    .replace(/^(content\/)?docs\//, '')
    .replace(/\.mdx$/, '');
  const segments = relative.split('/');
  if (!relative || segments.some((s) => s === '.' || s === '..')) throw new ScaffoldError(`文档路径不对：“${input}”，应写成 content/docs 下的路径，如 desktop/wing/FAQ`);
  // eslint-disable-next-line no-control-regex -- control characters are what this rejects
  if (/[#?%\u0000-\u001f]/.test(relative)) throw new ScaffoldError(`文档路径不能含有 # ? % 或控制字符：“${input}”`);
  return relative;
}

export function planDoc(request: Extract<ScaffoldRequest, { kind: 'doc' }>, existing: ExistingContent): ScaffoldPlan {
  const notes: string[] = [];
  const title = typesetTitle(checkedTitle(request.title), notes);
  const relative = docRelativePath(request.path);
  let id: string;
  try {
    id = docIdFromRelativePath(`${relative}.mdx`);
  } catch (error) {
    throw new ScaffoldError(error instanceof Error ? error.message : String(error));
  }
  const taken = existing.docs.find((d) => d.id.toLowerCase() === id.toLowerCase());
  if (taken) throw new ScaffoldError(`已有文档 /docs/${taken.id}（content/docs/${taken.id}.mdx 或其 index.mdx），请换一个路径`);

  const folder = id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : '';
  const siblings = existing.docs.filter((d) => d.sidebarPosition !== undefined && (d.id.includes('/') ? d.id.slice(0, d.id.lastIndexOf('/')) : '') === folder);
  const position = siblings.length ? Math.floor(Math.max(...siblings.map((d) => d.sidebarPosition as number))) + 1 : 1;
  const file = `content/docs/${relative}.mdx`;
  const text = [
    '---',
    `title: ${scalar(title)}`,
    `sidebar_position: ${position}`,
    `description: ${scalar(title)}`,
    '---',
    '',
    '{/* 正文从这里开始，用 ## 和 ### 分节。description 是搜索结果和分享卡片里的一句话摘要，请改写。 */}',
    '',
    ...CONSTRUCTS_HELP,
    '',
  ].join('\n');
  verified(file, text, (data) => validateDoc(data, file));
  return {
    file,
    text,
    notes: [...notes, `侧边栏位置 ${position}：排在 ${folder ? `${folder}/` : 'docs 根目录'}下现有文档之后（改 sidebar_position 调整）`, '文档一写下就会发布：写好至少一段中文正文（20 个汉字以上），npm run check:content 才会通过'],
  };
}

export function planScaffold(request: ScaffoldRequest, existing: ExistingContent, today: string): ScaffoldPlan {
  return request.kind === 'post' ? planPost(request, existing, today) : planDoc(request, existing);
}
