/**
 * Reading a ```mermaid fence before it is drawn (diagrams.ts draws it): which diagram it is, its
 * title and description for assistive technology, the statements it states (the text alternative
 * under the drawing, and the check that the drawing has every label), and the source handed to the
 * renderer.
 *
 * The renderer (beautiful-mermaid) reads Mermaid line by line and silently skips a line it does
 * not understand, so a typo would quietly drop a step from the drawing. Here every line must be a
 * statement of the two supported types written as Mermaid documents them; anything else stops the
 * build with the line, instead of a diagram that says less than its source.
 *
 * Supported: flowchart/graph (nodes with the shapes below, chained and `&`-grouped links, link
 * labels, subgraph/end, direction, classDef/class/style/linkStyle) and sequenceDiagram
 * (participant/actor … as …, messages with the eight arrows and +/- activation, activate and
 * deactivate after a message, autonumber, Note left of/right of/over, loop/alt/else/opt/par/and/
 * critical/break … end). Both may have `title`, `accTitle`, `accDescr` (also as a { block }),
 * a front-matter title and %% comments. Pure functions; no renderer import.
 */

export type DiagramKind = 'flowchart' | 'sequence';

/** Reader-facing names of each kind, also the accessible name when a diagram has no title. */
export const KIND_NAMES: Record<DiagramKind, string> = { flowchart: '流程图', sequence: '时序图' };

/** Mermaid's other diagram types, by their opening keyword, named for the error message. */
const UNSUPPORTED: Record<string, string> = {
  statediagram: '状态图',
  'statediagram-v2': '状态图',
  classdiagram: '类图',
  erdiagram: '实体关系图',
  gantt: '甘特图',
  pie: '饼图',
  mindmap: '思维导图',
  gitgraph: 'Git 分支图',
  journey: '用户旅程图',
  timeline: '时间线',
  quadrantchart: '象限图',
  'xychart-beta': 'XY 图表',
  xychart: 'XY 图表',
  'sankey-beta': '桑基图',
  requirementdiagram: '需求图',
  c4context: 'C4 图',
  'block-beta': '块图',
  'packet-beta': '数据包图',
  'architecture-beta': '架构图',
  kanban: '看板',
  'radar-beta': '雷达图',
  zenuml: 'ZenUML 时序图',
};

/** One thing the diagram states, in order: what the text alternative lists. */
export type Statement =
  | { type: 'node'; id: string; label: string }
  | { type: 'link'; from: string; to: string; label?: string }
  | { type: 'group'; label: string; depth: number }
  | { type: 'message'; from: string; to: string; label: string; number?: number }
  | { type: 'note'; over: string[]; label: string }
  | { type: 'block'; keyword: string; label: string; depth: number }
  | { type: 'blockEnd'; depth: number };

export interface DiagramSource {
  kind: DiagramKind;
  /** `title` or the front-matter title: shown under the drawing (Mermaid draws it above). */
  title: string | null;
  /** accTitle: the accessible name only, not shown. */
  accTitle: string | null;
  /** accDescr, when given. */
  description: string | null;
  statements: Statement[];
  /** Participants of a sequence diagram (id → shown name), nodes of a flowchart (id → label). */
  names: Map<string, string>;
  /** What the renderer reads: the header and the drawable statements, rewritten where noted. */
  renderSource: string;
}

/** A diagram that cannot be drawn; `line` counts from the fence's first content line (1). */
export class DiagramSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly kindName: string,
  ) {
    super(message);
  }
}

/** Shown with every error: where the supported syntax is documented. */
export const SYNTAX_HELP = '支持的写法见 content/README.md 的“图表（Mermaid）”一节';

const SUPPORTED_LIST = 'flowchart（或 graph，流程图）、sequenceDiagram（时序图）';

/** `"quoted text"` → quoted text (Mermaid's quoting of labels with special characters). */
const unquote = (label: string) => label.trim().replace(/^"(.*)"$/s, '$1');
/** A label as a reader sees it: <br> line breaks become spaces, entities stay text. */
const plainLabel = (label: string) =>
  unquote(label)
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/?(?:b|strong|i|em|u|s|del)\s*>/gi, '')
    .replace(/\s+/g, ' ')
    .trim();

// ── flowchart ──────────────────────────────────────────────────────────────

/** Node shapes the renderer draws, most specific first (the same order it tries them). */
const SHAPES: Array<[open: string, close: string]> = [
  ['(((', ')))'],
  ['([', '])'],
  ['((', '))'],
  ['[[', ']]'],
  ['[(', ')]'],
  ['[/', '\\]'],
  ['[\\', '/]'],
  ['>', ']'],
  ['{{', '}}'],
  ['[', ']'],
  ['(', ')'],
  ['{', '}'],
];
/** A node id: word characters, single hyphens inside (`my-node`), never the start of an arrow (`A-->B`). */
const NODE_ID = /^\w+(?:-(?![-.>])\w+)*/;
/** -->, ---, -.->, -.-, ==>, ===, optionally bidirectional, optionally with |label|. */
const ARROW = /^<?(?:-->|---|-\.->|-\.-|==>|===)(?:\|([^|]*)\|)?/;
/** -- label -->, -. label .->, == label ==> (label between the two halves). */
const TEXT_ARROW = /^<?(?:--|-\.|==)\s+(.+?)\s+(?:-->|---|\.->|-\.-|==>|===)/;

export interface ScannedNode {
  id: string;
  /** The label as written (null for a bare reference). */
  label: string | null;
  /** The node as written (id, shape, :::class), quotes around the label removed. */
  written: string;
  rest: string;
}

/** One node at the start of `text`, or null. */
function scanNode(text: string): ScannedNode | null {
  const id = NODE_ID.exec(text)?.[0];
  if (!id) return null;
  let rest = text.slice(id.length);
  let label: string | null = null;
  let written = id;
  for (const [open, close] of SHAPES) {
    if (!rest.startsWith(open)) continue;
    const end = rest.indexOf(close, open.length + 1);
    if (end < 0) continue;
    label = rest.slice(open.length, end);
    written += `${open}${unquote(label)}${close}`;
    rest = rest.slice(end + close.length);
    break;
  }
  const cls = /^:::[\w][\w-]*/.exec(rest);
  if (cls) {
    written += cls[0];
    rest = rest.slice(cls[0].length);
  }
  return { id, label, written, rest };
}

function scanGroup(text: string): { nodes: ScannedNode[]; rest: string } | null {
  const first = scanNode(text);
  if (!first) return null;
  const nodes = [first];
  let rest = first.rest.trimStart();
  while (rest.startsWith('&')) {
    const next = scanNode(rest.slice(1).trimStart());
    if (!next) return null;
    nodes.push(next);
    rest = next.rest.trimStart();
  }
  return { nodes, rest };
}

export interface FlowStatement {
  nodes: Array<{ id: string; label: string | null }>;
  links: Array<{ from: string; to: string; label?: string }>;
  /** The statement re-written with spaces around every arrow, the way the renderer reads it. */
  normalized: string;
}

/**
 * A node/link statement: node groups joined by arrows, the whole line consumed; null if not.
 * `write` gives each node's text in `normalized` (default: as written).
 */
export function scanFlowStatement(line: string, write: (node: ScannedNode) => string = (node) => node.written): FlowStatement | null {
  let group = scanGroup(line);
  if (!group) return null;
  const nodes = [...group.nodes];
  const links: FlowStatement['links'] = [];
  const written = (g: { nodes: ScannedNode[] }) => g.nodes.map(write).join(' & ');
  let normalized = written(group);
  let rest = group.rest;
  while (rest.length) {
    const arrow = ARROW.exec(rest) ?? TEXT_ARROW.exec(rest);
    if (!arrow) return null;
    const label = arrow[1]?.trim() ? plainLabel(arrow[1]) : undefined;
    const next = scanGroup(rest.slice(arrow[0].length).trimStart());
    if (!next) return null;
    for (const from of group.nodes) for (const to of next.nodes) links.push({ from: from.id, to: to.id, ...(label ? { label } : {}) });
    nodes.push(...next.nodes);
    normalized += ` ${arrow[0].replace(/\|"([^"|]*)"\|/, '|$1|')} ${written(next)}`;
    group = next;
    rest = next.rest;
  }
  return { nodes: nodes.map(({ id, label }) => ({ id, label })), links, normalized };
}

const FLOW_DIRECTIVE = /^(?:classDef\s+\w+\s+\S.*|class\s+[\w,-]+\s+\w+|style\s+[\w,-]+\s+\S.*|linkStyle\s+(?:default|[\d,\s]+)\s+\S.*)$/;

function readFlowchart(lines: Line[], header: Line, out: DiagramSource, fail: Fail): void {
  const direction = /^(?:graph|flowchart)(?:\s+(TD|TB|LR|BT|RL))?$/i.exec(header.text);
  if (!direction) fail(header, `开头应为 “flowchart TD”（方向可为 TD、TB、LR、RL、BT）`);
  const render = [`flowchart ${(direction?.[1] ?? 'TD').toUpperCase()}`];
  const labels = new Map<string, string>();
  // Mermaid lets `A --> B` come before `B[label]`; the renderer keeps the label of a node's first
  // appearance. So a node's first appearance is written with its (first) shape and label.
  const shapes = new Map<string, string>();
  for (const line of lines) {
    scanFlowStatement(line.text, (node) => {
      if (node.label !== null && !shapes.has(node.id)) shapes.set(node.id, node.written);
      return node.written;
    });
  }
  const seen = new Set<string>();
  const firstAppearance = (node: ScannedNode) => {
    const first = !seen.has(node.id);
    seen.add(node.id);
    return first && node.label === null ? (shapes.get(node.id) ?? node.written) : node.written;
  };
  let depth = 0;
  for (const line of lines) {
    const text = line.text;
    let drawn = text;
    if (/^direction\s+(TD|TB|LR|BT|RL)$/i.test(text)) {
      if (!depth) fail(line, '“direction” 只能写在 subgraph 里');
    } else if (FLOW_DIRECTIVE.test(text)) {
      // Styling only: drawn, says nothing the text alternative needs.
    } else if (/^subgraph\s+\S/.test(text)) {
      const rest = text.replace(/^subgraph\s+/, '');
      const titled = /^[\w-]+\s*\[(.+)\]$/.exec(rest);
      out.statements.push({ type: 'group', label: plainLabel(titled ? (titled[1] as string) : rest), depth });
      depth += 1;
    } else if (text === 'end') {
      if (!depth) fail(line, '多余的 “end”：前面没有对应的 subgraph');
      depth -= 1;
      out.statements.push({ type: 'blockEnd', depth });
    } else {
      const statement = scanFlowStatement(text, firstAppearance);
      if (!statement) fail(line, `无法识别“${text}”（节点写作 A[文字]，连线写作 A --> B 或 A -->|文字| B）`);
      for (const node of statement?.nodes ?? []) {
        if (node.label !== null && !labels.has(node.id)) {
          labels.set(node.id, plainLabel(node.label));
          out.statements.push({ type: 'node', id: node.id, label: plainLabel(node.label) });
        }
        if (!out.names.has(node.id)) out.names.set(node.id, node.id);
      }
      for (const link of statement?.links ?? []) out.statements.push({ type: 'link', ...link });
      drawn = statement?.normalized ?? text;
    }
    render.push(drawn);
  }
  if (depth) fail(lines[lines.length - 1] ?? header, `subgraph 缺少 ${depth} 个 “end”`);
  for (const [id, label] of labels) out.names.set(id, label);
  // Nodes that only ever appear in links are named by their id; list the ones never linked too.
  const linked = new Set(out.statements.flatMap((s) => (s.type === 'link' ? [s.from, s.to] : [])));
  out.statements = out.statements.filter((s) => s.type !== 'node' || !linked.has(s.id));
  out.renderSource = render.join('\n');
}

// ── sequence diagram ───────────────────────────────────────────────────────

const PARTICIPANT = /^(participant|actor)\s+(\S+?)(?:\s+as\s+(.+))?$/;
const NOTE = /^Note\s+(left of|right of|over)\s+([^:]+):\s*(.+)$/i;
const BLOCK = /^(loop|alt|opt|par|critical|break)(?:\s+(.*))?$/;
const DIVIDER = /^(else|and)(?:\s+(.*))?$/;
/** The eight arrows, longest first, then optional +/- activation, target, colon and text. */
const MESSAGE = /^([^\s:]+?)\s*(-->>|->>|-->|->|--\)|-\)|--x|-x)\s*([+-]?)([^\s:]+?)\s*:\s*(.+)$/;

function readSequence(lines: Line[], header: Line, out: DiagramSource, fail: Fail): void {
  if (!/^sequenceDiagram$/.test(header.text)) fail(header, '开头应为 “sequenceDiagram”');
  const render = ['sequenceDiagram'];
  let numbered = false;
  let count = 0;
  let depth = 0;
  const blockKinds: string[] = [];
  const name = (id: string) => {
    if (!out.names.has(id)) out.names.set(id, id);
    return id;
  };
  for (const line of lines) {
    const text = line.text;
    let drawn = text;
    const participant = PARTICIPANT.exec(text);
    const note = NOTE.exec(text);
    const block = BLOCK.exec(text);
    const divider = DIVIDER.exec(text);
    const message = MESSAGE.exec(text);
    const activation = /^(activate|deactivate)\s+(\S+)$/.exec(text);
    if (participant) {
      const id = participant[2] as string;
      if (!out.names.has(id) || out.names.get(id) === id) out.names.set(id, participant[3] ? plainLabel(participant[3]) : id);
      drawn = `${participant[1]} ${id}${participant[3] ? ` as ${plainLabel(participant[3])}` : ''}`;
    } else if (text === 'autonumber') {
      numbered = true;
      continue;
    } else if (note) {
      const over = (note[2] as string).split(',').map((id) => name(id.trim()));
      out.statements.push({ type: 'note', over, label: plainLabel(note[3] as string) });
    } else if (block) {
      const label = plainLabel(block[2] ?? '');
      out.statements.push({ type: 'block', keyword: block[1] as string, label, depth });
      blockKinds.push(block[1] as string);
      depth += 1;
    } else if (divider) {
      const opener = blockKinds[blockKinds.length - 1];
      if (!(divider[1] === 'else' ? opener === 'alt' : opener === 'par')) fail(line, `“${divider[1]}” 只能写在 ${divider[1] === 'else' ? 'alt' : 'par'} 里`);
      out.statements.push({ type: 'block', keyword: divider[1] as string, label: plainLabel(divider[2] ?? ''), depth: depth - 1 });
    } else if (text === 'end') {
      if (!depth) fail(line, '多余的 “end”：前面没有对应的 loop、alt、opt、par、critical 或 break');
      depth -= 1;
      blockKinds.pop();
      out.statements.push({ type: 'blockEnd', depth });
    } else if (message) {
      const [, from, arrow, mark, to, raw] = message as unknown as [string, string, string, string, string, string];
      count += 1;
      const label = plainLabel(raw);
      out.statements.push({ type: 'message', from: name(from), to: name(to), label, ...(numbered ? { number: count } : {}) });
      drawn = `${from}${arrow}${mark}${to}: ${numbered ? `${count}. ` : ''}${unquote(raw)}`;
    } else if (activation) {
      // `activate B` right after a message to B is that message's `+B` (and `deactivate A` after
      // one from A its `-`): what Mermaid draws. Anywhere else it cannot be drawn here.
      const previous = render[render.length - 1] ?? '';
      const last = MESSAGE.exec(previous);
      const fits = last && !last[3] && (activation[1] === 'activate' ? last[4] === activation[2] : last[1] === activation[2]);
      if (!last || !fits) fail(line, `“${text}” 只能紧跟在发给（activate）或来自（deactivate）${activation[2]} 的消息之后；也可以直接写 A->>+B: 文字 / B-->>-A: 文字`);
      render[render.length - 1] = previous.replace(MESSAGE, (whole, f: string, a: string, _m: string, t: string, rest: string) => `${f}${a}${activation[1] === 'activate' ? '+' : '-'}${t}: ${rest}`);
      continue;
    } else if (/^(?:rect|box|create|destroy|links?|properties|details)\b/.test(text)) {
      fail(line, `“${text.split(/\s/)[0]}” 暂不支持`);
    } else {
      fail(line, `无法识别“${text}”（消息写作 A->>B: 文字，参与者写作 participant A as 名称）`);
    }
    render.push(drawn);
  }
  if (depth) fail(lines[lines.length - 1] ?? header, `缺少 ${depth} 个 “end”`);
  if (!out.statements.some((s) => s.type === 'message')) fail(header, '时序图里没有消息（A->>B: 文字）');
  out.renderSource = render.join('\n');
}

// ── common ─────────────────────────────────────────────────────────────────

interface Line {
  /** 1-based line within the fence's content. */
  n: number;
  text: string;
}
type Fail = (line: Line, message: string) => never;

/** The diagram's opening keyword, lowercased (`flowchart`, `sequencediagram`, `gantt` …). */
export function diagramKeyword(header: string): string {
  return (header.trim().split(/[\s;]/)[0] ?? '').toLowerCase();
}

/**
 * Reads a mermaid fence's content. Throws DiagramSyntaxError naming the line (within the fence)
 * and the diagram's kind for anything that cannot be drawn.
 */
export function readDiagram(source: string): DiagramSource {
  const all = source.split('\n').map((text, i) => ({ n: i + 1, text: text.trim() }));
  let title: string | null = null;
  let accTitle: string | null = null;
  let description: string | null = null;
  const body: Line[] = [];
  let i = 0;
  const skipBlank = () => {
    while (i < all.length && (all[i]?.text === '' || all[i]?.text.startsWith('%%'))) i += 1;
  };
  skipBlank();
  // Front matter inside the fence (`---` / `title: …` / `---`), as Mermaid allows.
  if (all[i]?.text === '---') {
    const end = all.findIndex((l, k) => k > i && l.text === '---');
    if (end < 0) throw new DiagramSyntaxError(`图开头的 “---” 没有结束的 “---”。${SYNTAX_HELP}`, all[i]?.n ?? 1, 'Mermaid 图');
    for (const l of all.slice(i + 1, end)) {
      const m = /^title:\s*(.+)$/.exec(l.text);
      if (m) title = unquote(m[1] as string);
    }
    i = end + 1;
    skipBlank();
  }
  const header = all[i];
  if (!header) throw new DiagramSyntaxError(`图是空的。${SYNTAX_HELP}`, 1, 'Mermaid 图');
  const keyword = diagramKeyword(header.text);
  const kind: DiagramKind | null = keyword === 'flowchart' || keyword === 'graph' ? 'flowchart' : keyword === 'sequencediagram' ? 'sequence' : null;
  if (!kind) {
    const known = UNSUPPORTED[keyword];
    const word = header.text.split(/\s/)[0];
    const message = known ? `不支持的图类型：${known}（${word}）` : `无法识别的图类型“${word}”`;
    throw new DiagramSyntaxError(`${message}。可以使用的类型：${SUPPORTED_LIST}。${SYNTAX_HELP}`, header.n, known ?? word ?? 'Mermaid 图');
  }
  const kindName = KIND_NAMES[kind];
  const fail: Fail = (line, message) => {
    throw new DiagramSyntaxError(`第 ${line.n} 行：${message}。${SYNTAX_HELP}`, line.n, kindName);
  };
  // `graph LR; A --> B; B --> C` is one line of statements separated by semicolons.
  const [headerText, ...sameLine] = header.text.split(';').map((s) => s.trim());
  const headerLine = { n: header.n, text: headerText ?? '' };
  const rest = [...sameLine.map((text) => ({ n: header.n, text })), ...all.slice(i + 1)];
  for (let k = 0; k < rest.length; k += 1) {
    const line = rest[k] as Line;
    const text = line.text.replace(/;$/, '').trim();
    if (!text || text.startsWith('%%')) continue;
    const m = /^(title|accTitle|accDescr)\s*[:\s]\s*(.*)$/.exec(text);
    if (m && m[1] === 'accDescr' && /^\{/.test(m[2] as string)) {
      const lines: string[] = [(m[2] as string).slice(1)];
      while (!lines[lines.length - 1]?.includes('}')) {
        k += 1;
        if (k >= rest.length) fail(line, 'accDescr { 缺少结束的 }');
        lines.push((rest[k] as Line).text);
      }
      description = lines.join(' ').replace('}', '').replace(/\s+/g, ' ').trim();
    } else if (m && (m[2] as string).trim()) {
      const value = unquote(m[2] as string);
      if (m[1] === 'title') title = value;
      else if (m[1] === 'accTitle') accTitle = value;
      else description = value;
    } else body.push({ n: line.n, text });
  }
  const out: DiagramSource = { kind, title, accTitle, description, statements: [], names: new Map(), renderSource: '' };
  if (kind === 'flowchart') readFlowchart(body, headerLine, out, fail);
  else readSequence(body, headerLine, out, fail);
  if (!out.statements.length) fail(headerLine, '图里没有任何节点或消息');
  return out;
}

/** Every label the drawing must show: node and participant names, link, message, note and block labels. */
export function expectedLabels(diagram: DiagramSource): string[] {
  const labels = new Set<string>(diagram.names.values());
  for (const s of diagram.statements) {
    if ('label' in s && s.label) labels.add(s.label);
  }
  return [...labels];
}
