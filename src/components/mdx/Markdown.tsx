import { useEffect, useRef } from 'react';
import { prose } from './prose';
import { copyCodeOnClick } from './copy-code';

/**
 * A post's or doc's body: HTML rendered at build time (src/lib/markdown/render.ts). React does not
 * hydrate inside it; the code blocks' copy buttons work through one delegated listener.
 */
export function Markdown({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    root.addEventListener('click', copyCodeOnClick);
    return () => root.removeEventListener('click', copyCodeOnClick);
  }, []);
  return <div ref={ref} css={prose} className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
