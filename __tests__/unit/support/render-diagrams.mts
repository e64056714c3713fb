/**
 * Test helper (a script of its own, __tests__/support/script.ts: the renderer and the unified chain are ESM-only, jest runs CommonJS).
 * Reads [{ source, file?, markdown? }] as JSON on stdin; prints each case's rendered HTML (renderMdx
 * with the build's beautiful-mermaid drawer, no cache) and, with `markdown`, its Markdown version — or the error it
 * stopped with, and the error's class.
 */
import { readFileSync } from 'node:fs';
import { drawWithRenderer } from '../../../gatsby/markdown/draw-diagrams';
import { renderMdx } from '../../../gatsby/markdown/render';
import { renderMarkdownVersion } from '../../../gatsby/markdown/markdown-version';

interface Case {
  source: string;
  file?: string;
  markdown?: boolean;
}

const cases = JSON.parse(readFileSync(0, 'utf8')) as Case[];
const results: Array<{ html?: string; markdown?: string; error?: string; errorClass?: string }> = [];
for (const c of cases) {
  const file = c.file ?? 'content/docs/x.mdx';
  try {
    const { html } = await renderMdx(c.source, { file, drawDiagram: drawWithRenderer });
    const markdown = c.markdown ? await renderMarkdownVersion(c.source, { file, title: '页面标题', basePath: '', imageUrl: (src) => src }) : undefined;
    results.push({ html, markdown });
  } catch (error) {
    results.push({ error: error instanceof Error ? error.message : String(error), errorClass: error instanceof Error ? error.constructor.name : typeof error });
  }
}
process.stdout.write(JSON.stringify(results));
