/**
 * `npm run anchors`: records the heading anchors every post and doc publishes in
 * content/anchors.json (gatsby/content/anchors.ts). New headings are added; a published anchor
 * whose heading was reworded is aliased to the heading now in its place (printed, for the editor
 * to look over); one that cannot be paired is printed and the command exits 1, for the editor to
 * alias by hand. Commit the file with the content change.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANCHORS_FILE, formatPublishedAnchors, readPublishedAnchors, updatePublishedAnchors } from '../gatsby/content/anchors';
import { loadContent } from '../gatsby/content/loader';
import { headingIds } from '../gatsby/markdown/slug';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contentDir = path.join(root, 'content');
const { posts, docs } = loadContent(root);
const published = readPublishedAnchors(contentDir);
const pages = [...posts, ...docs].filter((item) => !('draft' in item.frontmatter && item.frontmatter.draft)).map((item) => ({ file: item.file, ids: headingIds(item.body) }));
const { next, aliased, unresolved } = updatePublishedAnchors(published, pages);
writeFileSync(path.join(contentDir, 'anchors.json'), formatPublishedAnchors(next));
for (const a of aliased) console.log(`${a.file}: #${a.from} → #${a.to}（旧锚点指向改写后的标题，请确认）`);
for (const u of unresolved) console.error(`${u.file}: 已发布的锚点 #${u.anchor} 找不到对应的新标题：在 ${ANCHORS_FILE} 的 aliases 里写上 "${u.anchor}": "新锚点"`);
console.log(`${ANCHORS_FILE}：${pages.length} 个页面，${Object.values(next).reduce((n, p) => n + p.anchors.length, 0)} 个已发布的锚点`);
if (unresolved.length) process.exitCode = 1;
