/**
 * The `:::` container syntax, read for callouts (callouts.ts) and steps (steps.ts): remark-directive,
 * then the fences normalised and the other directive forms turned back into text.
 */
import type { Root } from 'mdast';
import type { Processor } from 'unified';
import { normalizeCalloutFences } from './callouts';
import { restoreDirectives, type MessageSink } from './restore-directives';

export { default as remarkDirective } from 'remark-directive';

/**
 * unified plugin: `:::` callouts (callouts.ts) and steps (steps.ts), read by remark-directive. The
 * source's ::: fences are normalised first (same-count nesting, titles after the name), line
 * numbers unchanged. remark-directive also reads the text (`:name`) and leaf (`::name`) forms,
 * which the site does not use and which would take colons in prose (时间：10:30 is safe, a:b,
 * note:important and a line ::before are not) for syntax: they are turned back into the text
 * they were written as, sliced from the string parsed (restore-directives.ts).
 */
export function directiveSyntax(this: Processor) {
  const self = this as unknown as { Parser: (doc: string, file: MessageSink & { path?: string }) => Root };
  const parse = self.Parser;
  const parseRestored = (doc: string, file: MessageSink & { path?: string }): Root => {
    const source = normalizeCalloutFences(doc, file.path ?? '');
    const tree = parse(source, file);
    restoreDirectives(tree, source, file, (text) => parseRestored(text, { path: file.path, message: () => undefined }));
    return tree;
  };
  self.Parser = (doc, file) => parseRestored(String(doc), file);
}
