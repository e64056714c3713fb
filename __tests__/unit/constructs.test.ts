/**
 * The registry of content constructs (gatsby/markdown/constructs). For every construct, its
 * example becomes the page's HTML, the Markdown version and search text (support/render-constructs.mts,
 * in a script of its own: the parser is ES modules only), and the three agree: the example makes the
 * construct, search says nothing the page and the Markdown version do not, the Markdown version holds no MDX, and every
 * node type Markdown lacks has both HTML and a Markdown version. The light view — the construct modules as
 * jest (this file) and webpack read them, their build-time imports left out — has the same fields
 * as Node's, and webpack bundles none of the build-time code for the stylesheet.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { LightConstructs } from '../../gatsby/framework/webpack/light-constructs';
import { swcRules, swcSettings } from '../../gatsby/framework/webpack/swc';
import { CONSTRUCTS } from '../../gatsby/markdown/constructs';
import { lightFields, type LightFields } from './support/construct-fields';
import { spawnScript } from '../support/script';

const ROOT = path.resolve(__dirname, '../..');

interface Rendered extends LightFields {
  error?: string;
  html: string;
  pageText: string;
  markdown: string;
  markdownText: string;
  search: string;
  notMarkdown: Array<{ type: string; parent: string | null }>;
}

const node = (): { constructs: Rendered[]; contentStyles: unknown } => {
  const run = spawnScript([path.join(__dirname, 'support/render-constructs.mts')], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as { constructs: Rendered[]; contentStyles: unknown };
};

let whole: ReturnType<typeof node>;
const rendered = (name: string) => whole.constructs.find((c) => c.name === name) as Rendered;
beforeAll(() => {
  whole = node();
});

/** The fields a light reader reads, as jest's light view has them. */
const light = lightFields;

/** The words of a text: runs of Han characters, Latin words and numbers. */
const words = (text: string): string[] => text.match(/\p{Script=Han}+|[A-Za-z0-9_]+/gu) ?? [];

const pattern = (written: string) => {
  const [, source, flags] = /^\/(.*)\/([a-z]*)$/s.exec(written) as RegExpExecArray;
  return new RegExp(source as string, flags);
};

/** Syntax only this site's MDX reads, outside code (the Markdown version is plain Markdown). */
const MDX_SYNTAX: Array<[string, RegExp]> = [
  ['a ::: container', /:::/],
  ['a JSX or HTML tag', /<\/?[A-Za-z][\w.:-]*[\s/>]/],
  ['a GitHub alert', /\[![A-Za-z]+\]/],
  ['a JSX expression', /\{\s*(['"`]|\/\*)/],
  ['an import or export', /^(import|export)\s/m],
];
/** …and in a code fence's info string. */
const FENCE_SYNTAX: Array<[string, RegExp]> = [
  ['line marks', /\{\d[\d,\s-]*\}|showLineNumbers/],
  ['a filetree fence', /^filetree\b/],
];

describe('the registry', () => {
  it('lists constructs by unique names, each with an example', () => {
    expect(CONSTRUCTS.length).toBeGreaterThan(0);
    const names = CONSTRUCTS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of CONSTRUCTS) expect(c.example.trim()).not.toBe('');
  });

  it('runs the steps of each pipeline in an order without ties', () => {
    for (const pipeline of ['parse', 'remark', 'rehype'] as const) {
      const all = CONSTRUCTS.flatMap((c) => light(c).orders[pipeline]);
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it('gives each construct the audit features or a marker that its example must show', () => {
    for (const c of CONSTRUCTS) expect([c.name, (c.audit?.length ?? 0) > 0 || c.marker !== undefined]).toEqual([c.name, true]);
  });

  it('names browser behaviours by the modules under src/ that Markdown.tsx loads', () => {
    const named = CONSTRUCTS.flatMap((c) => (c.behaviour ? [c.behaviour] : []));
    expect(named.length).toBeGreaterThan(0);
    for (const file of named) expect([file, existsSync(path.join(ROOT, file))]).toEqual([file, true]);
  });

  it('reads in the light view every field a light reader reads, as Node reads the whole module', () => {
    const lightViews = CONSTRUCTS.map(light);
    // The same fields of Node's output (it also holds what the example renders to).
    const wholeViews = whole.constructs.map((r, i) => Object.fromEntries(Object.keys(lightViews[i] ?? {}).map((key) => [key, r[key as keyof Rendered]])));
    expect(lightViews.length).toBeGreaterThan(0);
    expect(lightViews).toEqual(wholeViews);
  });
});

describe.each(CONSTRUCTS.map((c) => [c.name, c] as const))('%s', (name, construct) => {
  it('renders its example to the page, the Markdown version and search', () => {
    expect(rendered(name).error).toBeUndefined();
  });

  it('makes the construct from its example', () => {
    const { html, audit, marker } = rendered(name);
    const signs = [...audit.map((a) => a.pattern), ...(marker ? [marker] : [])];
    expect(signs.length).toBeGreaterThan(0);
    for (const sign of signs) expect([sign, pattern(sign).test(html)]).toEqual([sign, true]);
  });

  it('renders and converts every node type Markdown does not have', () => {
    const { hastTypes, markdownTypes, notMarkdown } = rendered(name);
    // What a construct renders itself, it converts for the Markdown version too.
    for (const type of hastTypes) expect([type, markdownTypes.includes(type)]).toEqual([type, true]);
    const hast = new Set(whole.constructs.flatMap((c) => c.hastTypes));
    const markdown = new Set(whole.constructs.flatMap((c) => c.markdownTypes));
    // The parts of a construct's node (a tab set's tabs) are its handler's and converter's business.
    const own = notMarkdown.filter((n) => !(n.parent && hast.has(n.parent) && markdown.has(n.parent)));
    for (const { type } of own) expect({ type, html: hast.has(type), markdown: markdown.has(type) }).toEqual({ type, html: true, markdown: true });
  });

  it('says in search only what the page and the Markdown version say', () => {
    const { search, pageText, markdownText } = rendered(name);
    const said = words(search);
    expect(said.length).toBeGreaterThan(0);
    const pageOnly = construct.searchText?.pageOnly ?? [];
    for (const word of said) {
      expect([word, pageText.includes(word)]).toEqual([word, true]);
      expect([word, markdownText.includes(word) || pageOnly.includes(word)]).toEqual([word, true]);
    }
    for (const word of pageOnly) expect([word, said.includes(word)]).toEqual([word, true]);
  });

  it('has a Markdown version that is plain Markdown', () => {
    const { markdown } = rendered(name);
    const fences = [...markdown.matchAll(/^ *(`{3,}|~{3,})(.*)$[\s\S]*?^ *\1 *$/gm)];
    const prose = markdown.replace(/^ *(`{3,}|~{3,}).*$[\s\S]*?^ *\1 *$/gm, '').replace(/`[^`\n]*`/g, '');
    for (const [what, syntax] of MDX_SYNTAX) expect([what, syntax.test(prose)]).toEqual([what, false]);
    for (const [, , info] of fences) for (const [what, syntax] of FENCE_SYNTAX) expect([what, syntax.test(info ?? '')]).toEqual([what, false]);
  });
});

describe('webpack', () => {
  it('bundles the constructs for their CSS without the build-time code they name', async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'constructs-'));
    try {
      const gatsbyRule = { test: /\.(js|mjs|jsx|ts|tsx)$/, include: (file: string) => !file.includes('node_modules'), type: 'javascript/auto', use: () => [] };
      const compiler = webpack({
        mode: 'none',
        target: 'node',
        context: ROOT,
        entry: path.join(ROOT, 'gatsby/markdown/constructs/index.ts'),
        output: { path: out, filename: 'constructs.js', library: { type: 'commonjs2' } },
        module: { rules: swcRules([gatsbyRule], swcSettings('build-html', [], [], ROOT)) as never },
        resolve: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs'] },
        plugins: [new LightConstructs(ROOT) as never],
        infrastructureLogging: { level: 'none' },
      });
      const stats = await new Promise<webpack.Stats>((resolve, reject) => compiler.run((error, result) => (error || !result || result.hasErrors() ? reject(error ?? new Error(result?.toString())) : resolve(result))));
      await new Promise((resolve) => compiler.close(resolve));
      const modules = (stats.toJson({ modules: true }).modules ?? []).map((m) => m.nameForCondition ?? m.name ?? '');
      expect(modules.filter((m) => m.includes('gatsby/markdown/constructs/')).length).toBeGreaterThan(CONSTRUCTS.length);
      expect(modules.filter((m) => /gatsby\/markdown\/(?!constructs\/)|node_modules\/(unified|remark-|micromark|mdast-|hast-|parse5|prism|github-slugger)/.test(m))).toEqual([]);
      // The CSS it bundles is the CSS Node reads.
      const bundled = spawnSync(process.execPath, ['-e', `process.stdout.write(JSON.stringify(require(${JSON.stringify(path.join(out, 'constructs.js'))}).CONTENT_STYLES))`], { encoding: 'utf8' });
      expect(JSON.parse(bundled.stdout)).toEqual(whole.contentStyles);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
