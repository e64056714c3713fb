/**
 * The fields of a content construct that a light reader reads (gatsby/markdown/constructs/index.ts),
 * as plain JSON: constructs.test.ts takes them from jest's light view, support/render-constructs.mts
 * from the whole module in a script of its own, and the test compares the two. One function, so that both sides
 * always project the same fields.
 */
import type { ContentConstruct, SearchText, Step } from '../../../gatsby/markdown/constructs/types';

export interface LightFields {
  name: string;
  example: string;
  hastTypes: string[];
  markdownTypes: string[];
  orders: Record<'parse' | 'remark' | 'rehype', number[]>;
  styles: string | null;
  pageStyles: string | null;
  searchText: SearchText | null;
  behaviour: string | null;
  audit: Array<{ feature: string; pattern: string }>;
  marker: string | null;
}

const orders = (steps: readonly Step<never>[] | undefined) => (steps ?? []).map((step) => step.order);

export function lightFields(c: ContentConstruct): LightFields {
  return {
    name: c.name,
    example: c.example,
    hastTypes: Object.keys(c.hast ?? {}),
    markdownTypes: Object.keys(c.markdown ?? {}),
    orders: { parse: orders(c.parse), remark: orders(c.remark), rehype: orders(c.rehype) },
    styles: c.styles?.styles ?? null,
    pageStyles: c.pageStyles ?? null,
    searchText: c.searchText ?? null,
    behaviour: c.behaviour ?? null,
    audit: (c.audit ?? []).map(({ feature, pattern }) => ({ feature, pattern: String(pattern) })),
    marker: c.marker ? String(c.marker) : null,
  };
}
