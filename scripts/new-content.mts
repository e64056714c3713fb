/**
 * `npm run new -- post <slug> "标题"` / `npm run new -- doc <路径> "标题"`: writes a new content file
 * with complete frontmatter (gatsby/content/scaffold.ts plans it and refuses what would clash).
 * `--root <dir>` works on another tree with a content/ folder (the tests use a temporary one).
 * Exits 1 with a Chinese message when refused; never overwrites a file.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePostFolder } from '../gatsby/content/model';
import { docIdFromRelativePath } from '../src/lib/docs';
import { loadContent } from '../gatsby/content/loader';
import { parseArgs, planScaffold, ScaffoldError, type ExistingContent } from '../gatsby/content/scaffold';

function files(dir: string, match: RegExp, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files(full, match, out);
    else if (match.test(entry.name)) out.push(full);
  }
  return out;
}

/** What content/ holds, as the planner needs it; unreadable files still claim their slug or path. */
function existing(root: string): ExistingContent {
  const content = path.join(root, 'content');
  const { posts, docs } = loadContent(root);
  const blog = path.join(content, 'blog');
  const folderSlugs = existsSync(blog) ? readdirSync(blog).flatMap((name) => parsePostFolder(name)?.slug ?? []) : [];
  const docsDir = path.join(content, 'docs');
  const docIds = files(docsDir, /\.mdx$/).flatMap((file) => {
    try {
      return [docIdFromRelativePath(path.relative(docsDir, file))];
    } catch {
      return [];
    }
  });
  const inSidebar = new Map(docs.filter((d) => !d.frontmatter.hide_sidebar && !d.frontmatter.unlisted).map((d) => [d.docId, d.frontmatter.sidebar_position]));
  const authorsFile = path.join(content, 'authors.json');
  return {
    postSlugs: [...posts.map((p) => p.frontmatter.slug), ...folderSlugs],
    posts: [...posts].sort((a, b) => b.frontmatter.date.localeCompare(a.frontmatter.date)).map((p) => p.frontmatter),
    authors: existsSync(authorsFile) ? Object.keys(JSON.parse(readFileSync(authorsFile, 'utf8')) as object) : [],
    docs: docIds.map((id) => ({ id, sidebarPosition: inSidebar.get(id) })),
  };
}

/** Today on the editor's own calendar. */
function today(): string {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n, i) => String(n).padStart(i ? 2 : 4, '0')).join('-');
}

const args = process.argv.slice(2);
const rootFlag = args.indexOf('--root');
const root = rootFlag >= 0 ? path.resolve(args.splice(rootFlag, 2)[1] as string) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  const plan = planScaffold(parseArgs(args), existing(root), today());
  const target = path.join(root, plan.file);
  mkdirSync(path.dirname(target), { recursive: true });
  try {
    writeFileSync(target, plan.text, { flag: 'wx' });
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') throw new ScaffoldError(`${plan.file} 已经存在，没有覆盖它`);
    throw error;
  }
  console.log(`已创建 ${plan.file}`);
  for (const note of plan.notes) console.log(`  - ${note}`);
  console.log('写完后运行 npm run check:content，用 npm run develop 预览。');
} catch (error) {
  if (!(error instanceof ScaffoldError)) throw error;
  console.error(`没有创建文件：${error.message}`);
  process.exit(1);
}
