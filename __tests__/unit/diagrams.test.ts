/**
 * ```mermaid diagrams (gatsby/markdown/diagrams.ts, mermaid-source.ts, gatsby/markdown/draw-diagrams.ts):
 * the real renderer draws the two supported kinds as inline SVG whose labels are <text> and whose
 * colours are only theme variables; a diagram that cannot be drawn names file:line and its kind;
 * the text alternative and search carry the labels; the Markdown version keeps the source; the cache draws once.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cachedDraw, diagramKey, type DiagramCacheStats } from '../../gatsby/markdown/draw-diagrams';
import { DIAGRAM_COLORS } from '../../src/lib/markdown/diagram-colors';
import { accessibleSvg, missingLabels, svgText, textAlternative } from '../../gatsby/markdown/diagrams';
import { DiagramSyntaxError, readDiagram, scanFlowStatement } from '../../gatsby/markdown/mermaid-source';
import { sectionsFromHtml } from '../../gatsby/search/sections';
import { colors } from '../../src/theme/tokens';
import { spawnScript } from '../support/script';

const ROOT = path.resolve(__dirname, '../..');
const fence = (...lines: string[]) => ['```mermaid', ...lines, '```'].join('\n');

const SEQUENCE = fence(
  'sequenceDiagram',
  '  title Binder 一次调用',
  '  autonumber',
  '  participant C as 客户端进程',
  '  participant D as Binder 驱动',
  '  participant S as 服务端进程',
  '  C->>D: ioctl(BINDER_WRITE_READ)',
  '  activate D',
  '  D->>S: 唤醒 Binder 线程',
  '  loop 每个请求',
  '    S-->>D: 回复 reply',
  '  end',
  '  Note over C,D: 客户端线程同步等待',
  '  D-->>C: 返回结果',
);
const FLOWCHART = fence(
  'flowchart TD',
  '  accTitle: 一次 transact 的路径',
  '  A[应用进程调用 transact]-->|BINDER_WRITE_READ|B(Binder 驱动)',
  '  B --> C["目标进程 (Binder 线程)"]',
  '  subgraph 系统进程',
  '  C -- onTransact --> D[系统服务]',
  '  end',
);
/** Twelve blank lines stand for a frontmatter block, as check:content and the build count it. */
const FRONTMATTER = '\n'.repeat(12);

/** The example content/README.md gives editors to copy (the ````mdx block of its diagrams section). */
const README_EXAMPLE = /## 图表（Mermaid）[\s\S]*?````mdx\n([\s\S]*?)````/.exec(readFileSync(path.join(ROOT, 'content/README.md'), 'utf8'))?.[1] ?? '';

const CASES: Record<string, { source: string; file?: string; markdown?: boolean }> = {
  readmeExample: { source: README_EXAMPLE },
  sequence: { source: `正文。\n\n${SEQUENCE}\n`, markdown: true },
  flowchart: { source: `${FLOWCHART}\n` },
  twoOnOnePage: { source: `${FLOWCHART}\n\n${FLOWCHART}\n` },
  unknownType: { source: `${FRONTMATTER}正文。\n\n${fence('gantt', '  title 排期', '  任务 :a1, 2024-01-01, 30d')}\n`, file: 'content/blog/2024-01-01-x/index.mdx' },
  unknownWord: { source: `${fence('flowchat TD', '  A --> B')}\n` },
  sequenceSyntax: { source: `${FRONTMATTER}${fence('sequenceDiagram', '  A->>B: 好', '  A->>B 缺少冒号')}\n`, file: 'content/docs/x.mdx' },
  flowchartSyntax: { source: `${fence('graph LR', '  A --> B', '  这一行不是 Mermaid (((')}\n` },
  empty: { source: `${fence('%% 只有注释')}\n` },
};

let results: Record<string, { html?: string; markdown?: string; error?: string; errorClass?: string }> = {};

beforeAll(() => {
  const names = Object.keys(CASES);
  const run = spawnScript([path.join(__dirname, 'support/render-diagrams.mts')], { cwd: ROOT, input: JSON.stringify(names.map((n) => CASES[n])), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  const out = JSON.parse(run.stdout) as Array<(typeof results)[string]>;
  results = Object.fromEntries(names.map((name, i) => [name, out[i] as (typeof results)[string]]));
}, 120_000);

const html = (name: string): string => {
  const result = results[name];
  if (result?.html === undefined) throw new Error(`${name}: ${result?.error}`);
  return result.html;
};
const error = (name: string): string => {
  const result = results[name];
  if (result?.error === undefined) throw new Error(`${name} rendered without an error`);
  expect(result.errorClass).toBe('DiagramError');
  return result.error;
};
const svgOf = (page: string) => /<svg[\s\S]*?<\/svg>/.exec(page)?.[0] ?? '';

describe('a diagram on the page', () => {
  it('is an inline SVG in a figure, with no <pre>, no script and no copy of the source', () => {
    const page = html('sequence');
    expect(page).toMatch(/^<p>正文。<\/p>\n<figure class="diagram" data-diagram="sequence"><div class="diagram-drawing"><svg /);
    expect(page).not.toMatch(/<pre|<script|sequenceDiagram|->>/);
  });

  it('shows every label as <text>: participants, numbered messages, block and note', () => {
    const shown = svgText(svgOf(html('sequence'))).join('|');
    for (const label of ['客户端进程', 'Binder 驱动', '服务端进程', '1. ioctl(BINDER_WRITE_READ)', '2. 唤醒 Binder 线程', '3. 回复 reply', '每个请求', '客户端线程同步等待', '4. 返回结果']) {
      expect(shown).toContain(label);
    }
    const flow = svgText(svgOf(html('flowchart'))).join('|');
    // A-->B written without spaces, a quoted label, a text-arrow label, a subgraph title.
    for (const label of ['应用进程调用 transact', 'BINDER_WRITE_READ', 'Binder 驱动', '目标进程 (Binder 线程)', 'onTransact', '系统服务', '系统进程']) expect(flow).toContain(label);
    expect(flow).not.toContain('"');
  });

  it('is drawn from the example content/README.md gives editors, both kinds', () => {
    expect(README_EXAMPLE).toContain('```mermaid');
    expect(html('readmeExample').match(/<figure class="diagram" data-diagram="(\w+)"/g)).toEqual(['<figure class="diagram" data-diagram="flowchart"', '<figure class="diagram" data-diagram="sequence"']);
  });

  it('is role="img" named by its <title>: the title given, else the kind', () => {
    const seq = svgOf(html('sequence'));
    expect(seq).toMatch(/^<svg [^>]*role="img" aria-labelledby="diagram-1-title"[^>]*><title id="diagram-1-title">时序图：Binder 一次调用<\/title>/);
    expect(html('sequence')).toContain('<figcaption>Binder 一次调用</figcaption>');
    // accTitle names the drawing without a visible caption.
    expect(svgOf(html('flowchart'))).toContain('<title id="diagram-1-title">流程图：一次 transact 的路径</title>');
    expect(html('flowchart')).not.toContain('<figcaption>');
  });

  it('draws with theme variables only: no colour, font or stylesheet of its own, nothing from another origin', () => {
    for (const name of ['sequence', 'flowchart']) {
      const svg = svgOf(html(name));
      expect(svg).not.toMatch(/<style|@import|https?:\/\/(?!www\.w3\.org)|font-family|#[0-9a-f]{3,6}\b|rgb\(/i);
      const paints = [...svg.matchAll(/\b(?:fill|stroke)="([^"]*)"/g)].map((m) => m[1] as string);
      expect(paints.length).toBeGreaterThan(5);
      for (const paint of paints) {
        if (paint === 'none' || paint.startsWith('url(#')) continue;
        expect(Object.keys(DIAGRAM_COLORS)).toContain(/^var\((--[\w-]+)\)$/.exec(paint)?.[1]);
      }
    }
  });

  it('follows light and dark: each variable takes a token whose colour differs between the modes', () => {
    for (const token of new Set(Object.values(DIAGRAM_COLORS))) expect(colors.light[token]).not.toBe(colors.dark[token]);
  });

  it('has its own ids on a page with two diagrams (arrow markers resolve to their own diagram)', () => {
    const page = html('twoOnOnePage');
    const ids = [...page.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(page).toContain('marker-end="url(#diagram-2-arrowhead)"');
    for (const m of page.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(m[1]);
  });

  it('has a text alternative listing what it states, in order, nesting blocks', () => {
    const page = html('sequence');
    expect(page).toContain(
      '<details class="diagram-text"><summary>文字版：Binder 一次调用（时序图）</summary><ul><li>1. 客户端进程 → Binder 驱动：ioctl(BINDER_WRITE_READ)</li><li>2. Binder 驱动 → 服务端进程：唤醒 Binder 线程</li><li>循环：每个请求<ul><li>3. 服务端进程 → Binder 驱动：回复 reply</li></ul></li><li>注（客户端进程、Binder 驱动）：客户端线程同步等待</li><li>4. Binder 驱动 → 客户端进程：返回结果</li></ul></details>',
    );
    expect(html('flowchart')).toContain(
      '<ul><li>应用进程调用 transact → Binder 驱动（BINDER_WRITE_READ）</li><li>Binder 驱动 → 目标进程 (Binder 线程)</li><li>分组：系统进程<ul><li>目标进程 (Binder 线程) → 系统服务（onTransact）</li></ul></li></ul>',
    );
  });

  it('gives search the labels (through the text alternative), not coordinates or CSS', () => {
    const [section] = sectionsFromHtml(html('sequence'));
    expect(section?.text).toContain('客户端进程 → Binder 驱动：ioctl(BINDER_WRITE_READ)');
    expect(section?.text).toContain('客户端线程同步等待');
    expect(section?.text).not.toMatch(/var\(|viewBox|marker|\d+\.\d{2}/);
  });

  it('keeps its Mermaid source in the Markdown version', () => {
    expect(results.sequence?.markdown).toContain(`\n\n${SEQUENCE}\n`);
  });
});

describe('a diagram that cannot be drawn stops the build with file:line and its kind', () => {
  it('an unsupported type: the fence line counting the frontmatter, the type named', () => {
    expect(error('unknownType')).toMatch(
      /^content\/blog\/2024-01-01-x\/index\.mdx:15 无法绘制的 Mermaid 图（甘特图）：不支持的图类型：甘特图（gantt）。可以使用的类型：flowchart（或 graph，流程图）、sequenceDiagram（时序图）/,
    );
    expect(error('unknownWord')).toMatch(/^content\/docs\/x\.mdx:1 无法绘制的 Mermaid 图（flowchat）：无法识别的图类型“flowchat”/);
  });

  it('a line the renderer would skip: the fence line, the kind, the line inside the diagram', () => {
    expect(error('sequenceSyntax')).toMatch(/^content\/docs\/x\.mdx:13 无法绘制的 Mermaid 图（时序图）：第 3 行：无法识别“A->>B 缺少冒号”/);
    expect(error('flowchartSyntax')).toMatch(/^content\/docs\/x\.mdx:1 无法绘制的 Mermaid 图（流程图）：第 3 行：无法识别“这一行不是 Mermaid \(\(\(”/);
    expect(error('empty')).toMatch(/^content\/docs\/x\.mdx:1 无法绘制的 Mermaid 图（Mermaid 图）：图是空的/);
  });
});

describe('reading the source (mermaid-source.ts)', () => {
  const fails = (source: string) => {
    try {
      readDiagram(source);
    } catch (e) {
      expect(e).toBeInstanceOf(DiagramSyntaxError);
      return (e as Error).message;
    }
    throw new Error('no error');
  };

  it('reads ids next to arrows, & groups, chains and link labels', () => {
    expect(scanFlowStatement('A-->B')).toMatchObject({ links: [{ from: 'A', to: 'B' }], normalized: 'A --> B' });
    expect(scanFlowStatement('my-node-.->|可选|B & C[丙] ==> D')?.links).toEqual([
      { from: 'my-node', to: 'B', label: '可选' },
      { from: 'my-node', to: 'C', label: '可选' },
      { from: 'B', to: 'D' },
      { from: 'C', to: 'D' },
    ]);
    expect(scanFlowStatement('A --o B')).toBeNull();
  });

  it('gives a node linked before its definition the label of its definition (the renderer keeps the first)', () => {
    const diagram = readDiagram('flowchart TD\n  A[甲] --> B\n  subgraph 组\n  B[乙] --> C\n  end');
    expect(diagram.renderSource).toBe('flowchart TD\nA[甲] --> B[乙]\nsubgraph 组\nB[乙] --> C\nend');
    expect(diagram.names.get('B')).toBe('乙');
  });

  it('rejects what would be drawn wrong or not at all, naming the line', () => {
    expect(fails('sequenceDiagram\n  A->>B: 好\n  rect rgb(0,0,0)\n  end')).toMatch(/^第 3 行：“rect” 暂不支持/);
    expect(fails('sequenceDiagram\n  A->>B: 好\n  activate A')).toMatch(/^第 3 行：“activate A” 只能紧跟在/);
    expect(fails('sequenceDiagram\n  A->>B: 好\n  else 否则')).toMatch(/^第 3 行：“else” 只能写在 alt 里/);
    expect(fails('flowchart TD\n  A --> B\n  end')).toMatch(/^第 3 行：多余的 “end”/);
    expect(fails('flowchart XY\n  A --> B')).toMatch(/^第 1 行：开头应为 “flowchart TD”/);
    expect(fails('sequenceDiagram\n  loop 一直\n  A->>B: x')).toMatch(/缺少 1 个 “end”/);
  });

  it('takes the title from front matter, title or accTitle, and the description from accDescr', () => {
    expect(readDiagram('---\ntitle: 前言标题\n---\nflowchart LR\n  A --> B')).toMatchObject({ kind: 'flowchart', title: '前言标题' });
    expect(readDiagram('graph LR; A --> B; B --> C')).toMatchObject({ renderSource: 'flowchart LR\nA --> B\nB --> C' });
    const described = readDiagram('sequenceDiagram\n  accTitle: 名字\n  accDescr {\n    两行的\n    描述\n  }\n  A->>B: x');
    expect(described).toMatchObject({ title: null, accTitle: '名字', description: '两行的 描述' });
    expect(accessibleSvg('<svg viewBox="0 0 1 1"><g/></svg>', described, 'd')).toBe(
      '<svg viewBox="0 0 1 1" class="diagram-svg" role="img" aria-labelledby="d-title" aria-describedby="d-desc" focusable="false"><title id="d-title">时序图：名字</title><desc id="d-desc">两行的 描述</desc><g/></svg>',
    );
  });

  it('finds labels the drawing lacks (the guard against a renderer that drops a statement)', () => {
    const diagram = readDiagram('flowchart TD\n  A[甲] -->|经过| B[乙]');
    expect(missingLabels(diagram, '<svg><text>甲</text><text>经<tspan>过</tspan></text><text>乙</text></svg>')).toEqual([]);
    expect(missingLabels(diagram, '<svg><text>甲</text><text>乙</text></svg>')).toEqual(['经过']);
    expect(textAlternative(readDiagram('flowchart TD\n  subgraph 空的\n  end\n  A --> B'))).toBe('<ul><li>分组：空的</li><li>A → B</li></ul>');
  });
});

describe('the build cache of drawn diagrams', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'diagram-cache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const counting = () => {
    const calls: string[] = [];
    return { calls, draw: async (source: string) => (calls.push(source), `<svg><text>${source}</text></svg>`) };
  };

  it('draws on a miss, answers from the cache on a hit (another build, another process), draws again when the source changes', async () => {
    const stats: DiagramCacheStats = { hits: 0, drawn: 0, drawMs: 0 };
    const first = counting();
    expect(await cachedDraw({ dir, draw: first.draw, version: '1.1.3', stats })('flowchart TD\nA --> B')).toBe('<svg><text>flowchart TD\nA --> B</text></svg>');
    const second = counting();
    const again = cachedDraw({ dir, draw: second.draw, version: '1.1.3', stats });
    expect(await again('flowchart TD\nA --> B')).toBe('<svg><text>flowchart TD\nA --> B</text></svg>');
    expect(second.calls).toEqual([]);
    await again('flowchart TD\nA --> C');
    expect(second.calls).toEqual(['flowchart TD\nA --> C']);
    expect(stats).toMatchObject({ hits: 1, drawn: 2 });
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it('misses when the renderer version changes, and redraws over an unreadable entry', async () => {
    const drawn = counting();
    await cachedDraw({ dir, draw: drawn.draw, version: '1.1.3' })('sequenceDiagram\nA->>B: x');
    await cachedDraw({ dir, draw: drawn.draw, version: '1.2.0' })('sequenceDiagram\nA->>B: x');
    expect(drawn.calls).toHaveLength(2);
    expect(diagramKey('x', '1.1.3')).not.toBe(diagramKey('x', '1.2.0'));
    const entry = path.join(dir, `${diagramKey('sequenceDiagram\nA->>B: x', '1.1.3')}.json`);
    writeFileSync(entry, '{"svg": 42');
    await cachedDraw({ dir, draw: drawn.draw, version: '1.1.3' })('sequenceDiagram\nA->>B: x');
    expect(drawn.calls).toHaveLength(3);
    // A drawing cut short but still JSON: drawn again, and the entry rewritten whole.
    writeFileSync(entry, JSON.stringify({ svg: '<svg><text>sequ' }));
    await cachedDraw({ dir, draw: drawn.draw, version: '1.1.3' })('sequenceDiagram\nA->>B: x');
    expect(drawn.calls).toHaveLength(4);
    expect(JSON.parse(readFileSync(entry, 'utf8'))).toEqual({ svg: '<svg><text>sequenceDiagram\nA->>B: x</text></svg>' });
    await cachedDraw({ dir, draw: drawn.draw, version: '1.1.3' })('sequenceDiagram\nA->>B: x');
    expect(drawn.calls).toHaveLength(4);
  });
});
