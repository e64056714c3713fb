/**
 * Test helper (a script of its own, __tests__/support/script.ts: the unified chain is ESM-only, jest runs CommonJS). Reads
 * [{ source, title, basePath, cover?, lastUpdated? }] as JSON on stdin and prints each case's Markdown version, or the
 * error it stopped with. Images are "served" at https://www.iofomo.com<base>/static/h/<file name>.
 */
import { readFileSync } from 'node:fs';
import { renderMarkdownVersion } from '../../../gatsby/markdown/markdown-version';

interface Case {
  source: string;
  title: string;
  basePath?: string;
  file?: string;
  cover?: string;
  lastUpdated?: { date: string; author?: string };
}

const cases = JSON.parse(readFileSync(0, 'utf8')) as Case[];
const results: Array<{ markdown?: string; error?: string }> = [];
for (const c of cases) {
  const basePath = c.basePath ?? '';
  const imageUrl = (src: string) => (/^https?:/.test(src) ? src : `https://www.iofomo.com${basePath}/static/h/${src.split('/').pop()}`);
  try {
    results.push({
      markdown: await renderMarkdownVersion(c.source, {
        file: c.file ?? 'content/docs/x.mdx',
        title: c.title,
        basePath,
        imageUrl,
        cover: c.cover ? { src: c.cover, fallbackAlt: `${c.title}：封面图` } : undefined,
        lastUpdated: c.lastUpdated,
      }),
    });
  } catch (error) {
    results.push({ error: error instanceof Error ? error.message : String(error) });
  }
}
process.stdout.write(JSON.stringify(results));
