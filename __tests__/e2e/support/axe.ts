/**
 * axe-core in the page (docs/testing.md): injects the engine shipped by the axe-core package and runs the
 * WCAG 2.1 A/AA rules plus axe's best practices, and lists the built pages to audit.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { pageDataFile, pageHtmlFiles } from '../../../gatsby/framework/internals';
import { builtPage, pageKind, type BuiltPage } from './audit-plan';
import { AXE_URL, SITE_DIR } from './env';

/** The rule sets audited: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

let axeSource: string | undefined;

/**
 * Injects axe-core into the page's document: from AXE_URL, served by the run's global setup with
 * a long max-age, so that Chromium fetches and compiles the large script once per context instead
 * of receiving it through the DevTools protocol and compiling it again for every page, which cost
 * as much CPU as the rest of the audit's work on a page besides loading it (figures:
 * docs/decisions/e2e-tab-pool.md); inline where AXE_URL is unset.
 */
async function injectAxe(page: Page): Promise<void> {
  if (AXE_URL) {
    await page.addScriptTag({ url: AXE_URL });
    return;
  }
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: axeSource });
}

export interface Finding {
  rule: string;
  impact: string;
  /** The page's site path, or the name of an interactive state. */
  page: string;
  mode: string;
  /** CSS selector of the failing element (axe's target, frames joined by ' >> '). */
  target: string;
  /** axe's summary of what to fix for that element, first line. */
  summary: string;
}

/**
 * Runs axe on the page as it is now (the engine is injected once per document; the page's CSP
 * must be bypassed for that: open it in a context with `bypassCSP: true`).
 */
export async function axeAudit(page: Page, where: { page: string; mode: string }): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await injectAxe(page);
  // Only the violations leave the page, and only what a finding shows: axe's whole result (every
  // rule passed or not applicable, with descriptions and a sample node each) is large: the page
  // would serialize it, the DevTools protocol carry it and the test parse it, for every audited page.
  const violations = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((results) =>
        results.violations.map(({ id, impact, nodes }) => ({
          id,
          impact,
          nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
        })),
      ),
    [...AXE_TAGS],
  );
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      ...where,
      target: node.target.map((t) => (Array.isArray(t) ? t.join(' ') : String(t))).join(' >> '),
      summary: (node.failureSummary ?? '').split('\n').slice(0, 2).join(' ').trim(),
    })),
  );
}

/** rule → number of distinct page-modes where it fails (how the audit's summary counts). */
export function countByRule(findings: readonly Finding[]): Record<string, number> {
  const seen = new Map<string, Set<string>>();
  for (const f of findings) seen.set(f.rule, (seen.get(f.rule) ?? new Set()).add(`${f.page} | ${f.mode}`));
  return Object.fromEntries([...seen].sort(([a], [b]) => a.localeCompare(b)).map(([rule, pages]) => [rule, pages.size]));
}

/** One line per failing element (rule, impact, page, mode, target, what to fix), counts first. */
export function formatFindings(findings: readonly Finding[]): string {
  const counts = Object.entries(countByRule(findings))
    .map(([rule, n]) => `  ${rule}: ${n} page-mode(s)`)
    .join('\n');
  const lines = findings.map((f) => `  ${f.rule} (${f.impact}) ${f.page} [${f.mode}] ${f.target} — ${f.summary}`);
  return `${findings.length} axe violation(s)\n${counts}\n${lines.join('\n')}`;
}

/** Every page of the build under test (./env.ts): each page's HTML with its template from page-data. */
export function builtPages(publicDir = SITE_DIR): BuiltPage[] {
  return pageHtmlFiles(publicDir).map(({ file, path: sitePath }) => {
    const html = readFileSync(path.join(publicDir, file), 'utf8');
    const { componentChunkName } = JSON.parse(readFileSync(pageDataFile(publicDir, sitePath), 'utf8')) as { componentChunkName: string };
    return builtPage(file, sitePath, pageKind(componentChunkName, html));
  });
}

/** Runs `worker` over `items`, at most `size` at a time (in lanes 0 … size-1), results in order. */
export async function inPool<T, R>(items: readonly T[], size: number, worker: (item: T, lane: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(size, items.length) }, async (_, lane) => {
    while (next < items.length) {
      const i = next++;
      results[i] = await worker(items[i] as T, lane);
    }
  });
  await Promise.all(lanes);
  return results;
}
