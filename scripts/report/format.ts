/**
 * The report model (./compare.ts) as the Markdown a content reviewer reads in a minute: pages
 * added, removed and changed, new and fixed broken links, then the figures with their deltas, ⚠
 * where a budget is passed or a link newly breaks. A pure function (__tests__/unit/build-report.test.ts).
 */
import type { Figure, PageRef, ReportModel, SectionChange } from './compare';

/** Rows a list shows at most; the rest is counted. */
export const MAX_ROWS = 30;
/** Sections named per changed page at most. */
const MAX_SECTIONS = 6;
export const WARN = '⚠';

const TYPE_NAMES: Record<string, string> = {
  post: '文章',
  doc: '文档',
  'blog-list': '博客列表',
  'tag-list': '标签页',
  tags: '标签总览',
  archive: '归档',
  index: '首页',
  search: '搜索页',
  '404': '404 页',
  tabs: '标签页组件（有标签页的页面另加）',
};
const typeName = (type: string) => TYPE_NAMES[type] ?? type;

/** Text for a table cell: no line breaks, no column separators. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

const KB = 1024;
const bytes = (n: number) => (Math.abs(n) >= KB * KB ? `${(n / KB / KB).toFixed(2)} MB` : Math.abs(n) >= KB ? `${(n / KB).toFixed(1)} KB` : `${n} B`);
const seconds = (n: number) => `${n.toFixed(1)} s`;
const signed = (text: string, n: number) => (n > 0 ? `+${text}` : n < 0 ? `−${text.replace(/^-/, '')}` : '±0');

function figureRow(name: string, f: Figure, unit: (n: number) => string): string {
  const show = (n: number | null) => (n === null ? '—' : unit(n));
  const delta = f.base === null || f.head === null ? '—' : f.head === f.base ? '±0' : signed(unit(f.head - f.base), f.head - f.base);
  const budget = f.budget === null ? '' : f.over ? `${WARN} 超出 ${unit(f.budget)}` : unit(f.budget);
  return `| ${name} | ${show(f.base)} | ${show(f.head)} | ${delta} | ${budget} |`;
}

const sectionName = (s: SectionChange) => (s.id === null ? '（开头）' : s.heading || `#${s.id}`);
const CHANGE_WORD = { added: '新增', removed: '删除', changed: '改动' } as const;

function sectionsCell(sections: SectionChange[], titleBefore?: string): string {
  const parts: string[] = [];
  if (titleBefore !== undefined) parts.push(`标题原为“${titleBefore}”`);
  for (const change of ['changed', 'added', 'removed'] as const) {
    const names = sections.filter((s) => s.change === change).map(sectionName);
    if (names.length) parts.push(`${CHANGE_WORD[change]}：${names.slice(0, MAX_SECTIONS).join('、')}${names.length > MAX_SECTIONS ? ` 等 ${names.length} 节` : ''}`);
  }
  return cell(parts.join('；'));
}

/** A table of at most MAX_ROWS rows, the rest counted below it. */
function table(head: string[], rows: string[][]): string[] {
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.slice(0, MAX_ROWS).map((r) => `| ${r.join(' | ')} |`)];
  if (rows.length > MAX_ROWS) lines.push('', `……另有 ${rows.length - MAX_ROWS} 行`);
  return lines;
}

const pageRows = (pages: PageRef[]) => pages.map((p) => [cell(p.title), code(p.path), typeName(p.type)]);

/** A side of the comparison: its label, and its commit unless the label is that commit already. */
const side = (s: ReportModel['base']) => (s.commit && !s.commit.startsWith(s.label) ? `${code(s.label)}（${s.commit.slice(0, 7)}）` : code(s.label));

export function formatReport(model: ReportModel): string {
  const { added, removed, changed, links } = model;
  const over = [...model.js.filter((f) => f.over).map((f) => `首次加载 JS（${typeName(f.type)}）`), ...(model.search.over ? ['搜索首次查询'] : [])];
  const out: string[] = [`## 构建报告：${side(model.base)} → ${side(model.head)}`, ''];
  out.push(`页面 ${model.base.pages} → ${model.head.pages}：新增 ${added.length}，删除 ${removed.length}，改动 ${changed.length}。`);
  out.push(`断链与失效锚点：${links.added.length ? `${WARN} ` : ''}新出现 ${links.added.length}，修好 ${links.fixed.length}，原有 ${links.still}。`);
  if (over.length) out.push(`${WARN} 超出预算：${over.join('、')}。`);

  if (added.length) out.push('', `### 新增的页面（${added.length}）`, '', ...table(['标题', '路径', '类型'], pageRows(added)));
  if (removed.length) out.push('', `### 删除的页面（${removed.length}）`, '', ...table(['标题', '路径', '类型'], pageRows(removed)));
  if (changed.length)
    out.push(
      '',
      `### 改动的页面（${changed.length}）`,
      '',
      ...table(
        ['标题', '路径', '改动的小节'],
        changed.map((p) => [cell(p.title), code(p.path), sectionsCell(p.sections, p.titleBefore)]),
      ),
    );
  const linkRows = (list: typeof links.added) => list.map((l) => [code(l.page), code(l.link), cell(l.message)]);
  if (links.added.length) out.push('', `### ${WARN} 新出现的断链与失效锚点（${links.added.length}）`, '', ...table(['页面', '链接', '问题'], linkRows(links.added)));
  if (links.fixed.length) out.push('', `### 修好的断链与失效锚点（${links.fixed.length}）`, '', ...table(['页面', '链接', '原来的问题'], linkRows(links.fixed)));

  out.push('', '### 数字', '', '| 项目 | 基准 | 本次 | 变化 | 预算 |', '| --- | --- | --- | --- | --- |');
  for (const f of model.js) out.push(figureRow(`首次加载 JS：${typeName(f.type)}`, f, bytes));
  out.push(figureRow(`搜索首次查询${model.search.query ? `（最大：${cell(model.search.query)}）` : ''}`, model.search, bytes));
  out.push(figureRow('HTML 合计', model.html, bytes));
  out.push(figureRow('图片合计', model.images, bytes));
  out.push(figureRow('构建时间', model.buildSeconds, seconds));
  out.push('', 'JS 和搜索是 gzip（级别 6）后的字节；搜索首次查询 = 搜索引擎代码 + 两个清单 + 查询集里下载最多的一条查询的分片。');
  out.push('基准总是在全新的 worktree 里单独从头构建；本次的构建可能沿用了 `.cache`（本地的增量构建；CI 里是 `npm test` 在小站点的缓存上、与计时测试同时做的构建），构建时间不能直接比。');
  return `${out.join('\n')}\n`;
}
