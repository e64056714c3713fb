import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { c, fonts } from '../../theme/tokens';
import { CopyButton } from './CopyButton';

const LABELS: Record<string, string> = {
  bash: 'Shell',
  sh: 'Shell',
  shell: 'Shell',
  cpp: 'C++',
  c: 'C',
  objectivec: 'Objective-C',
  objc: 'Objective-C',
  jsx: 'JSX',
  tsx: 'TSX',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  kotlin: 'Kotlin',
  java: 'Java',
  swift: 'Swift',
  go: 'Go',
  python: 'Python',
  xml: 'XML',
  json: 'JSON',
  yaml: 'YAML',
  groovy: 'Groovy',
  ini: 'INI',
  diff: 'Diff',
  text: '文本',
};

const figure = css`
  margin: 0 0 1.2em;
  border: 1px solid ${c('border')};
  border-radius: 8px;
  background: ${c('codeBg')};
  overflow: hidden;
  .code-header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding: 4px 8px 4px 14px;
    border-bottom: 1px solid ${c('border')};
    font-size: 12px;
    color: ${c('textMute')};
    font-family: ${fonts.body};
  }
  .code-pre {
    margin: 0;
    padding: 14px 16px;
    overflow-x: auto;
    font-size: 13.5px;
    line-height: 1.65;
    color: ${c('codeText')};
    background: transparent;
    tab-size: 4;
  }
  .code-pre code {
    font-family: ${fonts.mono};
    white-space: pre;
  }
  .token.comment,
  .token.prolog,
  .token.doctype,
  .token.cdata {
    color: var(--code-comment);
    font-style: normal;
  }
  .token.keyword,
  .token.atrule,
  .token.important,
  .token.rule {
    color: var(--code-keyword);
  }
  .token.string,
  .token.char,
  .token.attr-value,
  .token.regex,
  .token.inserted {
    color: var(--code-string);
  }
  .token.number,
  .token.boolean,
  .token.constant,
  .token.symbol {
    color: var(--code-number);
  }
  .token.function,
  .token.class-name,
  .token.builtin {
    color: var(--code-function);
  }
  .token.tag,
  .token.selector,
  .token.property,
  .token.deleted {
    color: var(--code-tag);
  }
  .token.operator,
  .token.punctuation {
    color: var(--code-punctuation);
  }
  .token.attr-name,
  .token.variable,
  .token.annotation {
    color: var(--code-attr);
  }
  --code-comment: #6a737d;
  --code-keyword: #cf222e;
  --code-string: #0a3069;
  --code-number: #0550ae;
  --code-function: #8250df;
  --code-tag: #116329;
  --code-punctuation: #57606a;
  --code-attr: #953800;
  html[data-theme='dark'] & {
    --code-comment: #8b949e;
    --code-keyword: #ff7b72;
    --code-string: #a5d6ff;
    --code-number: #79c0ff;
    --code-function: #d2a8ff;
    --code-tag: #7ee787;
    --code-punctuation: #c9d1d9;
    --code-attr: #ffa657;
  }
`;

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement(node)) return textOf((node.props as { children?: ReactNode }).children);
  return '';
}

/**
 * `pre > code.language-kotlin` from MDX → language, source text (for copying) and the code's
 * children, already split into Prism token spans at build time (src/lib/prism).
 */
export function parseCodeChildren(children: ReactNode): { code: string; language: string; tokens: ReactNode } {
  const child = Children.toArray(children)[0];
  const props = isValidElement(child) ? (child as ReactElement<{ className?: string; children?: ReactNode }>).props : undefined;
  const language = /language-([\w+-]+)/.exec(props?.className ?? '')?.[1] ?? 'text';
  const code = textOf(props ? props.children : children).replace(/\n$/, '');
  return { code, language, tokens: props ? props.children : children };
}

export function CodeBlock({ children }: { children?: ReactNode }) {
  const { code, language, tokens } = parseCodeChildren(children);
  return (
    <div css={figure} className="code-block" data-language={language}>
      <div className="code-header">
        <span>{LABELS[language] ?? language}</span>
        <CopyButton code={code} />
      </div>
      <pre className={`code-pre language-${language}`} tabIndex={0}>
        <code>{tokens}</code>
      </pre>
    </div>
  );
}
