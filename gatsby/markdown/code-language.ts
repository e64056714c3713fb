/** A code block's language, from its `language-*` class (a java fence: java); `text` when it names none. Used by the highlighter (prism/) and the code block pass (code-blocks.ts). */
import { classList, type Element } from './hast';

export function codeLanguage(code: Element): string {
  return (
    classList(code)
      .find((name) => name.startsWith('language-'))
      ?.slice('language-'.length) || 'text'
  );
}
