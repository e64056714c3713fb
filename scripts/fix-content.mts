/**
 * `npm run fix:content [-- <files or folders>]`: applies the typography fixes of
 * gatsby/content/typography.ts (AutoCorrect: spacing between Han and Latin text, full-width
 * punctuation in Chinese) to every MDX file under content/, in prose only: code, inline code,
 * link addresses, JSX/component syntax, expressions and frontmatter keys are left as they are.
 * Prints each file it changed, and whether a heading's anchor moved (then run `npm run anchors`);
 * run `npm run check:content` afterwards.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixTypography } from '../gatsby/content/typography';
import { headingIds } from '../gatsby/markdown/slug';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = process.argv.slice(2).length ? process.argv.slice(2).map((arg) => path.resolve(arg)) : [path.join(root, 'content')];

function mdxFiles(target: string): string[] {
  if (!statSync(target).isDirectory()) return target.endsWith('.mdx') ? [target] : [];
  return readdirSync(target).flatMap((name) => mdxFiles(path.join(target, name)));
}

let changed = 0;
let anchorsMoved = false;
for (const file of targets.flatMap(mdxFiles).sort()) {
  const source = readFileSync(file, 'utf8');
  const fixed = fixTypography(source);
  if (fixed === source) continue;
  writeFileSync(file, fixed);
  changed += 1;
  // A heading's spacing is part of its anchor (安装Wing → #安装wing, 安装 Wing → #安装-wing).
  const moved = headingIds(source).join('\n') !== headingIds(fixed).join('\n');
  anchorsMoved ||= moved;
  console.log(`已修改 ${path.relative(root, file)}${moved ? '（标题的锚点变了）' : ''}`);
}
if (anchorsMoved) console.log('有标题的锚点变了：运行 npm run anchors，让旧锚点继续指向这些标题');
console.log(changed ? `排版：修改了 ${changed} 个文件，请检查改动后运行 npm run check:content` : '排版：没有需要修改的地方');
