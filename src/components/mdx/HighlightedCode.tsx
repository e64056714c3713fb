/**
 * Syntax highlighting, loaded with React.lazy only by pages that contain a code block.
 * Languages bundled by prism-react-renderer plus the spec's extras (jsx, swift, kotlin,
 * objectivec, go, cpp are built in) and java, bash, groovy, ini, diff from prismjs.
 */
import './prism-setup';
import 'prismjs/components/prism-java';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-groovy';
import 'prismjs/components/prism-ini';
import 'prismjs/components/prism-diff';
import { Highlight, Prism, type PrismTheme } from 'prism-react-renderer';

/** Colours come from CSS (token classes), so light/dark switch without re-rendering. */
const cssTheme: PrismTheme = { plain: {}, styles: [] };

const ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  objc: 'objectivec',
  'objective-c': 'objectivec',
  xml: 'markup',
  html: 'markup',
  gradle: 'groovy',
  toml: 'ini',
  kt: 'kotlin',
  'c++': 'cpp',
  golang: 'go',
  py: 'python',
  js: 'javascript',
  ts: 'typescript',
  yml: 'yaml',
};

export function prismLanguage(language: string): string {
  const lang = ALIASES[language] ?? language;
  return Prism.languages[lang] ? lang : 'plain';
}

export default function HighlightedCode({ code, language }: { code: string; language: string }) {
  return (
    <Highlight prism={Prism} theme={cssTheme} code={code} language={prismLanguage(language)}>
      {({ tokens, getLineProps, getTokenProps }) => (
        <pre className={`code-pre language-${language}`} tabIndex={0}>
          <code>
            {tokens.map((line, i) => {
              const { style: _lineStyle, ...lineProps } = getLineProps({ line });
              return (
                <span key={i} {...lineProps}>
                  {line.map((token, key) => {
                    const { style: _tokenStyle, ...tokenProps } = getTokenProps({ token });
                    return <span key={key} {...tokenProps} />;
                  })}
                  {'\n'}
                </span>
              );
            })}
          </code>
        </pre>
      )}
    </Highlight>
  );
}
