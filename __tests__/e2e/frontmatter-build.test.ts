/**
 * A frontmatter that is not YAML stops a real `gatsby build`: a non-zero exit, the file named at the
 * line and column of the mistake, and no exception out of gatsby-plugin-mdx (whose js-yaml used to
 * throw there with a stack trace naming neither). The build runs in a copy of the project on a copy
 * of the fixture site's content in which one doc has the typo (support/project-copy.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildBrokenContent } from './support/project-copy';

describe('a frontmatter typo in a real build', () => {
  it('exits non-zero naming file:line:column of the YAML mistake', () => {
    let broken = { doc: '', line: 0 };
    const { status, output } = buildBrokenContent((content) => {
      // The first doc with a sidebar_position, as an editor would break it.
      const doc = (readdirSync(path.join(content, 'docs'), { recursive: true }) as string[]).filter((f) => f.endsWith('.mdx')).sort()[0] as string;
      const file = path.join(content, 'docs', doc);
      const lines = readFileSync(file, 'utf8').split('\n');
      const at = lines.findIndex((line) => line.startsWith('sidebar_position:'));
      expect(at).toBeGreaterThan(0);
      lines[at] = 'sidebar_position: [oops';
      writeFileSync(file, lines.join('\n'));
      broken = { doc, line: at + 1 };
    });
    expect(status).not.toBe(0);
    expect(output).toContain(`内容错误 content/docs/${broken.doc}:${broken.line}:19: frontmatter 不是合法的 YAML：`);
    expect(output).not.toContain('gatsby-plugin-mdx');
  }, 300_000);
});
