/**
 * Editorial rules for content/ that a Markdown parser does not enforce, checked by
 * `npm run check:content` and the content tests, each problem with file, line and column:
 *
 * - quotes: Chinese prose quotes with “” (and ‘’ inside). 「」/『』 never; ASCII "…" never in a block of
 *   Chinese text; ASCII '…' never around quoted words in a block of Chinese text. Code (fenced blocks,
 *   inline code), MDX expressions, JSX syntax and link destinations are exempt; JSX attribute values,
 *   image alt text and the frontmatter title / description / sidebar_label are prose.
 * - placeholder: `<…地址>` or `‹…›` left where a real address belongs (checked everywhere, code
 *   included: that is where clone URLs live); TODO / FIXME / TBD / 待补充 / 待完善 in prose.
 * - orphan: every listed post is linked from at least one other page (post or doc body); `npm run
 *   check:content` reminds of it without failing, since the related posts that count as links shift
 *   with edits elsewhere.
 * - later-link: a post is read as written on its date, so its body links to a post dated later only
 *   from a dated update note (see `laterLinkZones`): a heading or paragraph starting “YYYY 年 M 月补记”,
 *   which runs to the next heading or the end, dated no earlier than the post and no later than today,
 *   linking only to posts dated no later than its month. Series navigation and related posts are page
 *   chrome computed at build time (src/lib/series.ts, gatsby/content/related.ts), not the post's text,
 *   so a “本系列” or “延伸阅读” paragraph gets no exemption.
 * - commit-hash: a commit-hash-like token (7–40 hex characters with at least one digit and one letter,
 *   word-bounded) in prose. Hashes belong in Releases pages, in code and in link addresses.
 * - image-alt: a Markdown image's alt text describes it in Chinese (a reader's screen reader, the
 *   zoom button's name and the Markdown version read it).
 * - link-text: a link has words to read ( `[](/docs/x)` is announced as nothing, and the axe audit
 *   rejects it).
 * - heading-order: headings go one level deeper at a time (## then ###, not ## then ####): a
 *   screen reader's list of headings would miss a level, and the site's axe audit rejects the page.
 * - chinese: a page's prose has at least one paragraph of Chinese (20 Han characters or more).
 * - shared-paragraph: no paragraph of 30 Han characters or more appears in two pages (copied text
 *   makes two search results and two pages to keep true).
 *
 * Pure string scanning, no Markdown parser: the content subset the site accepts (content/README.md)
 * is small enough to mask reliably, and the rules stay testable with tiny inline samples.
 */
import { splitInternalHref } from './link-check';
import { readFrontmatter } from './frontmatter';

export type ContentRule = 'quotes' | 'placeholder' | 'orphan' | 'later-link' | 'commit-hash' | 'image-alt' | 'link-text' | 'heading-order' | 'chinese' | 'shared-paragraph' | 'typography';

export interface ContentProblem {
  rule: ContentRule;
  line: number;
  column: number;
  message: string;
}

export interface ScannedMdx {
  /** The source with code, expressions, JSX syntax and link destinations blanked out; same lines and columns. */
  prose: string;
  /** Site-absolute or relative link targets written in the file (Markdown links and href attributes), at the target's first character. */
  links: Array<{ href: string; line: number; column: number }>;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const CORNER_QUOTES = /[「」『』]/g;
const SINGLE_QUOTED = /(^|[^\p{L}\p{N}])'([^'\n]+?)'(?![\p{L}\p{N}])/gu;
const ADDRESS_PLACEHOLDER = /<[^<>\n]*(?:地址|网址|链接)[^<>\n]*>|‹[^›>\n]*[›>]/g;
const TODO_MARKER = /\b(?:TODO|FIXME|TBD)\b|待补充|待完善/g;
const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;
const PROSE_KEYS = ['title', 'description', 'sidebar_label'] as const;
const COMMIT_HASH = /\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/gi;

/** Index of the `)` closing the `(` at `open`, or -1. */
function closingParen(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    const c = source[i];
    if (c === '\n' && source[i + 1] === '\n') return -1;
    if (c === '(') depth += 1;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Index just past the `}` closing the MDX expression starting at `open` (JS strings and comments skipped). */
function expressionEnd(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    const c = source[i] as string;
    if (c === '"' || c === "'" || c === '`') {
      const close = source.indexOf(c, i + 1);
      if (close < 0) return source.length;
      i = close;
    } else if (c === '/' && source[i + 1] === '*') {
      const close = source.indexOf('*/', i + 2);
      if (close < 0) return source.length;
      i = close + 1;
    } else if (c === '{') depth += 1;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return source.length;
}

/**
 * Blanks out everything of an MDX body that is not prose, keeping line and column positions:
 * fenced code, inline code, `{…}` expressions and comments, JSX/HTML tag syntax (attribute string
 * values stay, they are text), and link destinations `](…)`. Collects the link targets on the way.
 */
export function scanMdx(body: string): ScannedMdx {
  const out = body.split('');
  const links: ScannedMdx['links'] = [];
  const at = (index: number) => position(body, index);
  const wipe = (from: number, to: number) => {
    for (let i = from; i < to; i += 1) if (out[i] !== '\n') out[i] = ' ';
  };

  // Fenced code blocks (MDX has no indented code), also inside lists and block quotes.
  let fence: { char: string; size: number } | null = null;
  let offset = 0;
  for (const line of body.split('\n')) {
    const marker = /^[ \t]*(?:>[ \t]?)*[ \t]*(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      wipe(offset, offset + line.length);
      if (marker && (marker[1] as string)[0] === fence.char && (marker[1] as string).length >= fence.size && !(marker[2] as string).trim()) fence = null;
    } else if (marker) {
      fence = { char: (marker[1] as string)[0] as string, size: (marker[1] as string).length };
      wipe(offset, offset + line.length);
    }
    offset += line.length + 1;
  }

  for (let i = 0; i < body.length; i += 1) {
    if (out[i] === ' ' && body[i] !== ' ') continue; // already wiped (fenced code)
    const c = body[i];
    if (c === '\\') {
      i += 1;
    } else if (c === '`') {
      let run = 1;
      while (body[i + run] === '`') run += 1;
      const ticks = '`'.repeat(run);
      let close = body.indexOf(ticks, i + run);
      while (close >= 0 && body[close + run] === '`') close = body.indexOf(ticks, close + run + 1);
      const paragraphEnd = body.slice(i).search(/\n[ \t]*\n/);
      if (close >= 0 && (paragraphEnd < 0 || close < i + paragraphEnd)) {
        wipe(i, close + run);
        i = close + run - 1;
      } else i += run - 1;
    } else if (c === '{') {
      const end = expressionEnd(body, i);
      wipe(i, end);
      i = end - 1;
    } else if (c === '<' && /[A-Za-z/!]/.test(body[i + 1] ?? '')) {
      i = wipeTag(body, i, wipe, (href, index) => links.push({ href, ...at(index) })) - 1;
    } else if (c === ']' && body[i + 1] === '(') {
      const close = closingParen(body, i + 1);
      if (close > 0) {
        const inside = body.slice(i + 2, close);
        const target = (inside.trim().split(/\s+/)[0] ?? '').replace(/^<|>$/g, '');
        if (target) links.push({ href: target, ...at(i + 2 + inside.search(/\S/)) });
        wipe(i + 1, close + 1);
        i = close;
      }
    }
  }
  return { prose: out.join(''), links };
}

/** Blanks a JSX/HTML tag starting at `start` except its string attribute values; returns the index after it. */
function wipeTag(source: string, start: number, wipe: (from: number, to: number) => void, onHref: (href: string, index: number) => void): number {
  if (source.startsWith('<!--', start)) {
    const close = source.indexOf('-->', start);
    const end = close < 0 ? source.length : close + 3;
    wipe(start, end);
    return end;
  }
  let i = start + 1;
  let segmentStart = start;
  let attribute = '';
  while (i < source.length && source[i] !== '>') {
    const c = source[i] as string;
    if (c === '"' || c === "'") {
      const close = source.indexOf(c, i + 1);
      if (close < 0) break;
      wipe(segmentStart, i + 1);
      if (attribute === 'href') onHref(source.slice(i + 1, close), i + 1);
      segmentStart = close;
      i = close + 1;
    } else if (c === '{') {
      i = expressionEnd(source, i);
    } else {
      if (/[A-Za-z_:-]/.test(c)) {
        const name = /^[A-Za-z_:][\w:.-]*/.exec(source.slice(i))?.[0] ?? c;
        attribute = name;
        i += name.length;
      } else i += 1;
    }
  }
  const end = Math.min(i + 1, source.length);
  wipe(segmentStart, end);
  return end;
}

function position(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index).split('\n');
  return { line: before.length, column: (before[before.length - 1] as string).length + 1 };
}

/** Quote problems in prose (already masked text); `lineOffset` is added to the reported lines. */
export function findQuoteProblems(prose: string, lineOffset = 0): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const at = (index: number, message: string) => {
    const { line, column } = position(prose, index);
    problems.push({ rule: 'quotes', line: line + lineOffset, column, message });
  };
  for (const m of prose.matchAll(CORNER_QUOTES)) at(m.index ?? 0, `引号：中文正文用“”和‘’，不用 ${m[0]}`);

  // A block is a run of non-blank lines (a paragraph, a list, a table, a heading).
  let blockStart = 0;
  for (const block of prose.split(/(\n[ \t]*\n)/)) {
    if (CJK.test(block)) {
      for (let i = block.indexOf('"'); i >= 0; i = block.indexOf('"', i + 1)) at(blockStart + i, '引号：中文正文里的 ASCII 双引号 " 要换成“”');
      for (const m of block.matchAll(SINGLE_QUOTED)) {
        at(blockStart + (m.index ?? 0) + (m[1] as string).length, `引号：中文正文里的 '${m[2]}' 要换成“${m[2]}”（引号里再引用时用‘’）`);
      }
    }
    blockStart += block.length;
  }
  return problems;
}

/** Address placeholders anywhere (raw text, code included) and TODO markers in prose. */
export function findPlaceholders(raw: string, prose: string, lineOffset = 0): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const m of raw.matchAll(ADDRESS_PLACEHOLDER)) {
    const { line, column } = position(raw, m.index ?? 0);
    problems.push({ rule: 'placeholder', line: line + lineOffset, column, message: `占位符：${m[0]} 不是真实地址，请写出公开的网址` });
  }
  for (const m of prose.matchAll(TODO_MARKER)) {
    const { line, column } = position(prose, m.index ?? 0);
    problems.push({ rule: 'placeholder', line: line + lineOffset, column, message: `占位符：正文里留有“${m[0]}”，请写完或删掉` });
  }
  return problems;
}

/** Commit-hash-like tokens in prose (already masked text: code and link addresses are blank). */
export function findCommitHashes(prose: string, lineOffset = 0): ContentProblem[] {
  return [...prose.matchAll(COMMIT_HASH)].map((m) => {
    const { line, column } = position(prose, m.index ?? 0);
    return { rule: 'commit-hash' as const, line: line + lineOffset, column, message: `提交号：正文里的 ${m[0]} 像是提交哈希；提交号只写在 Releases 页面、代码或链接地址里，正文请直接陈述事实` };
  });
}

export interface TextOptions {
  /** A Releases page, where commit hashes are the subject (see `isReleasesPage`). */
  hashesAllowed?: boolean;
}

/** Markdown images (`![alt](src)`, outside code) whose alt text has no Chinese in it. */
export function findImageAltProblems(body: string, prose: string, lineOffset = 0): ContentProblem[] {
  const problems: ContentProblem[] = [];
  // The scan keeps `![alt]` in the prose and blanks the `(src)` after it.
  for (const m of prose.matchAll(/!\[([^\]\n]*)\]/g)) {
    const end = (m.index as number) + m[0].length;
    const close = body[end] === '(' ? closingParen(body, end) : -1;
    if (close < 0 || /\p{Script=Han}/u.test(m[1] as string)) continue;
    const { line, column } = position(prose, m.index as number);
    const src = body.slice(end + 1, close).trim().split(/\s+/)[0];
    problems.push({ rule: 'image-alt', line: line + lineOffset, column, message: `图片的替代文字要写成有意义的中文描述：${m[0]}(${src ?? ''})` });
  }
  return problems;
}

/** Markdown links (outside code) with no text: `[](…)`, `[ ](…)`. */
export function findEmptyLinks(body: string, prose: string, lineOffset = 0): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const m of prose.matchAll(/(?<![!\\])\[[ \t]*\]/g)) {
    const end = (m.index as number) + m[0].length;
    const close = body[end] === '(' ? closingParen(body, end) : -1;
    if (close < 0) continue;
    const { line, column } = position(prose, m.index as number);
    problems.push({ rule: 'link-text', line: line + lineOffset, column, message: `链接没有文字：${body.slice(m.index as number, close + 1)}，读屏软件读不出它通向哪里，请写上链接文字` });
  }
  return problems;
}

/**
 * Headings (outside code) that go more than one level deeper than the heading before them; the
 * page's title is the level-1 heading, so the first may be ##.
 */
export function findHeadingOrderProblems(prose: string, lineOffset = 0): ContentProblem[] {
  const problems: ContentProblem[] = [];
  let previous = 1;
  prose.split('\n').forEach((text, i) => {
    const heading = /^( {0,3})(#{2,6})[ \t]/.exec(text);
    if (!heading) return;
    const level = (heading[2] as string).length;
    if (level > previous + 1) {
      const wanted = '#'.repeat(previous + 1);
      problems.push({ rule: 'heading-order', line: i + 1 + lineOffset, column: (heading[1] as string).length + 1, message: `标题层级：从 ${previous} 级直接到了 ${level} 级，中间要有 ${previous + 1} 级标题（${wanted}），或把这一级改成 ${wanted}` });
    }
    previous = level;
  });
  return problems;
}

const HAN = /\p{Script=Han}/gu;
const hanCount = (text: string) => text.match(HAN)?.length ?? 0;

/** The prose paragraphs of an MDX file (code, tags and link addresses masked), each with its first line in the file. */
function proseParagraphs(source: string): Array<{ text: string; line: number }> {
  const { body, lineOffset } = splitSource(source);
  const paragraphs: Array<{ text: string; line: number }> = [];
  let current: { lines: string[]; line: number } | null = null;
  const close = () => {
    if (current) paragraphs.push({ text: current.lines.join('\n'), line: current.line });
    current = null;
  };
  scanMdx(body)
    .prose.split('\n')
    .forEach((text, i) => {
      if (text.trim() === '') return close();
      current ??= { lines: [], line: i + 1 + lineOffset };
      current.lines.push(text);
    });
  close();
  return paragraphs;
}

/** A page without a single paragraph of Chinese prose (20 Han characters or more). */
export function findNoChinese(source: string): ContentProblem[] {
  if (proseParagraphs(source).some((p) => hanCount(p.text) >= 20)) return [];
  const { lineOffset } = splitSource(source);
  return [{ rule: 'chinese', line: lineOffset + 1, column: 1, message: '正文里至少要有一段中文（20 个汉字以上）' }];
}

/**
 * Paragraphs of 30 Han characters or more that appear, spaces aside, in more than one file: one
 * problem per later copy, naming where the paragraph first appeared. `files` in a stable order.
 */
export function findSharedParagraphs(files: ReadonlyArray<{ file: string; source: string }>): Array<{ file: string; problem: ContentProblem }> {
  const first = new Map<string, { file: string; line: number }>();
  const found: Array<{ file: string; problem: ContentProblem }> = [];
  for (const { file, source } of files) {
    for (const { text, line } of proseParagraphs(source)) {
      const key = text.replace(/\s+/g, '');
      if (hanCount(key) < 30) continue;
      const seen = first.get(key);
      if (!seen) first.set(key, { file, line });
      else if (seen.file !== file) found.push({ file, problem: { rule: 'shared-paragraph', line, column: 1, message: `重复的段落：与 ${seen.file}:${seen.line} 的段落相同，请改写或只留一处，另一处链接过去` } });
    }
  }
  return found;
}

/** Releases pages (`content/docs/<area>/<tool>/Releases.mdx`) may name commits in prose. */
export function isReleasesPage(file: string): boolean {
  return /(^|\/)content\/docs\/.+\/Releases\.mdx$/.test(file.replace(/\\/g, '/'));
}

/** Quote, placeholder and commit-hash problems of the frontmatter's reader-facing texts (title, description, sidebar_label). */
export function findFrontmatterProblems(frontmatter: string, options: TextOptions = {}): ContentProblem[] {
  let data: unknown;
  try {
    data = readFrontmatter(`---\n${frontmatter}\n---\n`).data;
  } catch {
    return []; // invalid YAML is reported by the content model
  }
  if (!data || typeof data !== 'object') return [];
  const problems: ContentProblem[] = [];
  const lines = frontmatter.split('\n');
  for (const key of PROSE_KEYS) {
    const value = (data as Record<string, unknown>)[key];
    if (typeof value !== 'string') continue;
    const line = lines.findIndex((l) => l.startsWith(`${key}:`)) + 2; // + the opening "---" line
    const column = key.length + 3;
    for (const p of [...findQuoteProblems(value), ...findPlaceholders(value, value), ...(options.hashesAllowed ? [] : findCommitHashes(value))]) {
      problems.push({ ...p, line, column, message: `frontmatter ${key}：${p.message}` });
    }
  }
  return problems;
}

/** An MDX file split into frontmatter and body; `lineOffset` turns body lines into file lines. */
function splitSource(source: string): { frontmatter: string | null; body: string; lineOffset: number } {
  const fm = FRONTMATTER.exec(source);
  return { frontmatter: fm ? (fm[1] as string) : null, body: fm ? source.slice(fm[0].length) : source, lineOffset: fm ? fm[0].split('\n').length - 1 : 0 };
}

/** Every quote, placeholder, commit-hash, image-alt, link-text and heading-order problem of one MDX file (frontmatter and body), in line order. */
export function checkMdxText(source: string, options: TextOptions = {}): ContentProblem[] {
  const { frontmatter, body, lineOffset } = splitSource(source);
  const { prose } = scanMdx(body);
  const problems = [
    ...(frontmatter !== null ? findFrontmatterProblems(frontmatter, options) : []),
    ...findQuoteProblems(prose, lineOffset),
    ...findPlaceholders(body, prose, lineOffset),
    ...(options.hashesAllowed ? [] : findCommitHashes(prose, lineOffset)),
    ...findImageAltProblems(body, prose, lineOffset),
    ...findEmptyLinks(body, prose, lineOffset),
    ...findHeadingOrderProblems(prose, lineOffset),
  ];
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Body lines (1-based, inclusive) of a dated update note, where a post may link to posts dated after it. */
export interface LaterLinkZone {
  kind: 'update';
  from: number;
  to: number;
  /** The note's month, yyyy-mm. */
  month: string;
  /** Where the marker starts (for problems about the note itself). */
  column: number;
}

const UPDATE_NOTE = /^(\d{4}) 年 (\d{1,2}) 月补记/;
const HEADING = /^ {0,3}(#{1,6})[ \t]/;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]/;

/** The marker text of a block's first line: quote markers, heading hashes and emphasis stripped. */
function markerText(line: string): { text: string; column: number } {
  const lead = /^[ \t]*(?:>[ \t]?)*[ \t]*(?:#{1,6}[ \t]+)?(?:\*\*|__|\*|_)?/.exec(line)?.[0] ?? '';
  return { text: line.slice(lead.length), column: lead.length + 1 };
}

/**
 * The update notes of a post body, where links to later posts belong (body lines, code masked): a heading
 * or paragraph starting “YYYY 年 M 月补记” (after optional `>`, `#`s, `**`); it runs to the next heading
 * (a heading note: the next heading of the same or a higher level) or the end.
 */
export function laterLinkZones(body: string): LaterLinkZone[] {
  const lines = scanMdx(body).prose.split('\n');
  const blank = (n: number) => !(lines[n] ?? '').trim();
  const headingLevel = (n: number) => HEADING.exec(lines[n] ?? '')?.[1]?.length ?? 0;
  const nextHeading = (after: number, level: number) => {
    for (let n = after + 1; n < lines.length; n += 1) {
      const l = headingLevel(n);
      if (l > 0 && l <= level) return n;
    }
    return lines.length;
  };
  const zones: LaterLinkZone[] = [];
  for (let n = 0; n < lines.length; n += 1) {
    const startsBlock = !blank(n) && (n === 0 || blank(n - 1) || headingLevel(n) > 0);
    if (!startsBlock || LIST_ITEM.test(lines[n] as string)) continue;
    const { text, column } = markerText(lines[n] as string);
    const note = UPDATE_NOTE.exec(text);
    if (!note) continue;
    const level = headingLevel(n);
    let to = nextHeading(n, level > 0 ? level : 6) - 1;
    while (to > n && blank(to)) to -= 1;
    zones.push({ kind: 'update', from: n + 1, to: to + 1, column, month: `${note[1]}-${(note[2] as string).padStart(2, '0')}` });
  }
  return zones;
}

/**
 * Links of one post (its MDX source) to posts dated after it, outside the update notes of `laterLinkZones`,
 * and update notes dated before the post, after `today`, or linking to posts later than their month.
 * @param dateOf the date (yyyy-mm-dd) of the post at a route, undefined for any other page.
 */
export function findLaterPostLinks(source: string, postDate: string, dateOf: (path: string) => string | undefined, today: string): ContentProblem[] {
  const { body, lineOffset } = splitSource(source);
  const zones = laterLinkZones(body);
  const problems: ContentProblem[] = [];
  const month = (date: string) => date.slice(0, 7);
  const noteName = (m: string) => `“${Number(m.slice(0, 4))} 年 ${Number(m.slice(5, 7))} 月补记”`;
  for (const zone of zones) {
    const at = { rule: 'later-link' as const, line: zone.from + lineOffset, column: zone.column };
    if (zone.month < month(postDate)) problems.push({ ...at, message: `补记日期：${noteName(zone.month)}早于文章自己的日期 ${postDate}` });
    if (zone.month > month(today)) problems.push({ ...at, message: `补记日期：${noteName(zone.month)}晚于今天（${today}）` });
  }
  for (const link of scanMdx(body).links) {
    const target = splitInternalHref(link.href)?.path;
    const targetDate = target ? dateOf(target) : undefined;
    if (!target || !targetDate || targetDate <= postDate) continue;
    const zone = zones.find((z) => link.line >= z.from && link.line <= z.to);
    const at = { rule: 'later-link' as const, line: link.line + lineOffset, column: link.column };
    if (!zone) {
      problems.push({ ...at, message: `链接到更晚的文章：本文写于 ${postDate}，${target} 发表于 ${targetDate}；正文只写当时已有的文章，之后的文章由页面的系列导航和“相关文章”列出，或写在文末的“YYYY 年 M 月补记”里` });
    } else if (month(targetDate) > zone.month) {
      problems.push({ ...at, message: `链接到更晚的文章：${noteName(zone.month)}写在 ${target}（${targetDate}）发表之前，补记的日期要不早于它链接的文章` });
    }
  }
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

export interface PostEntry {
  file: string;
  /** The post's route, /blog/<slug>. */
  path: string;
  /** Line of the `slug:` field, where an orphan is reported. */
  line: number;
}

export interface PageLinks {
  file: string;
  links: ScannedMdx['links'];
}

/** Listed posts no other page links to (links from a post to itself do not count). */
export function findOrphanPosts(posts: readonly PostEntry[], pages: readonly PageLinks[]): Array<PostEntry & { problem: ContentProblem }> {
  const linked = new Set<string>();
  const routeOf = new Map(posts.map((p) => [p.file, p.path]));
  for (const page of pages) {
    for (const { href } of page.links) {
      const target = splitInternalHref(href)?.path;
      if (target && target !== routeOf.get(page.file)) linked.add(target);
    }
  }
  return posts
    .filter((p) => !linked.has(p.path))
    .map((p) => ({ ...p, problem: { rule: 'orphan' as const, line: p.line, column: 1, message: `孤立文章：没有其他文章或文档链接到 ${p.path}，请至少从一篇相关的文章或文档链接过来` } }));
}

/** `content/docs/x.mdx:12:5 引号：…` */
export function formatProblem(file: string, problem: ContentProblem): string {
  return `${file}:${problem.line}:${problem.column} ${problem.message}`;
}

/** Line (1-based) of the frontmatter `slug:` field, or 1. */
export function slugLine(source: string): number {
  const index = source.split('\n').findIndex((l) => /^slug\s*:/.test(l));
  return index >= 0 ? index + 1 : 1;
}
