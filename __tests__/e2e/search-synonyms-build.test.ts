/**
 * A bad synonym file stops a real Gatsby build early, naming the file and the entry. The build runs
 * in a copy of the project on a copy of the fixture site's content holding the bad file
 * (support/project-copy.ts).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildBrokenContent } from './support/project-copy';

const buildWithSynonyms = (yaml: string) => buildBrokenContent((content) => writeFileSync(path.join(content, 'synonyms.yaml'), yaml));

describe('synonym file checked by the build', () => {
  it('fails on an unknown key, naming the file and the key', () => {
    const { status, output } = buildWithSynonyms('groups:\n  - [多开, 双开]\nsynonym:\n  - [a, b]\n');
    expect(status).not.toBe(0);
    expect(output).toContain('content/synonyms.yaml');
    expect(output).toContain('未知的键 "synonym"');
  }, 300_000);

  // What else the file may get wrong (a word in two groups, an empty group …) is unit-tested on the loader
  // (__tests__/unit/search.test.ts): one build shows the build stops on it.
});
