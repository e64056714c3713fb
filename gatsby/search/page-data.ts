/** Reading a built page's rendered body back from the page data `gatsby build` wrote. */
import { readFileSync } from 'node:fs';
import { pageDataFile } from '../framework/internals';
import type { RenderedHtml } from './build';

/** A page's rendered body as its page query returned it (the post and doc templates' `mdx.rendered`). */
export function pageDataRendered(publicDir: string, url: string): RenderedHtml | undefined {
  try {
    const data = JSON.parse(readFileSync(pageDataFile(publicDir, url), 'utf8')) as { result?: { data?: { mdx?: { rendered?: Partial<RenderedHtml> } } } };
    const rendered = data.result?.data?.mdx?.rendered;
    return typeof rendered?.html === 'string' && Array.isArray(rendered.toc) ? (rendered as RenderedHtml) : undefined;
  } catch {
    return undefined; // not built as a page: rendered from its source instead
  }
}
