/**
 * The one reader of a content file's frontmatter: the content loader (check:content, the content
 * and search tests), the editorial rules and the Gatsby build's node validation all use it.
 *
 * Values are read as written. gray-matter's default YAML engine (js-yaml, YAML 1.1, which
 * gatsby-plugin-mdx also uses for the Mdx nodes) turns `date: 2024-02-30` into a Date and rolls it
 * over to 1 March, so an impossible date could pass every check; the `yaml` package with the YAML
 * 1.2 core schema has no timestamp type and keeps "2024-02-30", which the content model then
 * rejects as no calendar date. Strings, numbers, booleans and lists read the same in both.
 */
import matter from 'gray-matter';
import { parse } from 'yaml';

export interface ParsedSource {
  /** The frontmatter's values as written (dates stay strings). */
  data: Record<string, unknown>;
  /** The file without its frontmatter. */
  body: string;
}

const yamlAsWritten = (text: string): Record<string, unknown> => (parse(text, { schema: 'core' }) as Record<string, unknown> | null) ?? {};

export function readFrontmatter(source: string): ParsedSource {
  const { data, content } = matter(source, { language: 'yaml', engines: { yaml: yamlAsWritten } });
  return { data: data as Record<string, unknown>, body: content };
}
