/**
 * Runs Markdown sources through the real renderer, Markdown version and search (support/render-cases.mts, in
 * one script process per test file) and hands each case's results to the tests by name.
 */
import path from 'node:path';
import { spawnScript } from '../../support/script';

export interface Case {
  source: string;
  file?: string;
  firstLine?: number;
  /** The page's old anchors → heading ids (content/anchors.json's aliases). */
  anchorAliases?: Record<string, string>;
}

export interface Rendered {
  html: string;
  markdown: string;
  search: string;
  /** The table of contents. */
  toc: Array<{ id: string; title: string; depth: number }>;
  /** The ids of the search sections (null: the text before the first heading). */
  sectionIds: Array<string | null>;
}

export interface CaseResults {
  /** The case's page HTML, Markdown version and search text; throws with the case's error if it failed. */
  ok(name: string): Rendered;
  /** The error a case stopped with (the page's and the Markdown version's, which must be the same); throws if it rendered. */
  error(name: string): string;
}

const ROOT = path.resolve(__dirname, '../../..');

/** Renders every case once (call at the top of a test file: it registers a beforeAll). */
export function renderCases<K extends string>(cases: Record<K, Case>): CaseResults {
  let results: Record<string, { html?: string; markdown?: string; search?: string; toc?: Rendered['toc']; sectionIds?: Rendered['sectionIds']; error?: string; markdownError?: string }> = {};
  beforeAll(() => {
    const names = Object.keys(cases) as K[];
    const run = spawnScript([path.join(__dirname, 'render-cases.mts')], { cwd: ROOT, input: JSON.stringify(names.map((n) => cases[n])), encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    const out = JSON.parse(run.stdout) as Array<(typeof results)[string]>;
    results = Object.fromEntries(names.map((name, i) => [name, out[i] ?? {}]));
  }, 120_000);
  return {
    ok(name) {
      const result = results[name];
      if (!result || result.html === undefined) throw new Error(`${name}: ${result?.error}`);
      return result as Rendered;
    },
    error(name) {
      const result = results[name];
      if (!result || result.error === undefined) throw new Error(`${name} rendered without an error`);
      if (result.markdownError !== result.error) throw new Error(`${name}: the Markdown version said ${result.markdownError ?? 'nothing'}, the page ${result.error}`);
      return result.error;
    },
  };
}
