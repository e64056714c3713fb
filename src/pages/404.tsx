import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { Link, navigate, withPrefix, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../components/layout/Layout';
import { Seo } from '../components/layout/Seo';
import { findSuggestions, type Suggestions } from '../components/not-found/find';
import { stripHtmlSuffix } from '../lib/navigation';
import { searchLink } from '../lib/search/search-link';
import { encodePath } from '../lib/url-path';
import { c } from '../theme/tokens';

const box = css`
  max-width: 720px;
  margin: 0 auto;
  padding: 72px 24px;
  h1 {
    font-size: 2rem;
    margin: 0 0 16px;
  }
  p {
    color: ${c('textSoft')};
  }
  /* Links in the text are underlined, not told apart by colour alone (WCAG 1.4.1). */
  p a,
  li a {
    text-decoration: underline;
    text-decoration-thickness: 1px;
  }
  h2 {
    font-size: 1.2rem;
    margin: 32px 0 8px;
  }
  ul {
    padding-left: 1.2em;
  }
  li {
    overflow-wrap: anywhere;
  }
  .where {
    margin-left: 8px;
    font-size: 0.85em;
    color: ${c('textSoft')};
  }
`;

function sitePath(pathname: string): string {
  const prefix = withPrefix('/').replace(/\/$/, '');
  return prefix && pathname.startsWith(prefix) ? pathname.slice(prefix.length) || '/' : pathname;
}

/**
 * Not-found page (spec §2, §8). A static host serves it for any unknown path; a path that only
 * differs by `.html` or `/index.html` is sent on to the page itself, with the address corrected.
 * Any other address gets, once the page has rendered, up to five pages it most likely meant
 * (components/not-found/find.ts); without JavaScript the page is the text and its links.
 */
export default function NotFoundPage({ location }: PageProps) {
  const [found, setFound] = useState<Suggestions | null>(null);
  useEffect(() => {
    const here = sitePath(window.location.pathname);
    const target = stripHtmlSuffix(here);
    if (target) {
      void navigate(`${target}${window.location.search}${window.location.hash}`, { replace: true });
      return undefined;
    }
    let current = true;
    findSuggestions(here).then(
      (suggestions) => current && setFound(suggestions),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [location.pathname]);
  return (
    <Layout title="找不到页面" pathname={location.pathname}>
      <div css={box} data-testid="not-found">
        <h1>找不到页面</h1>
        <p>我们找不到您要访问的页面。</p>
        <p>如果您是通过其他网站的链接来到这里的，请联系该网站的所有者，告诉他们这个链接已经失效，请他们修正。</p>
        <p>
          您也可以回到 <Link to="/">首页</Link>，或者浏览 <Link to="/docs/intro">文档</Link> 与 <Link to="/blog">博客</Link>。
        </p>
        <p>
          要搜索全站，请用页面顶部的搜索框（按 / 键），或打开 <Link to="/search">搜索页</Link>。
        </p>
        {found && found.pages.length > 0 ? (
          <section aria-labelledby="not-found-suggestions-title" data-testid="not-found-suggestions">
            <h2 id="not-found-suggestions-title">您要找的可能是</h2>
            <ul>
              {found.pages.map((page) => (
                <li key={page.path}>
                  <Link to={encodePath(page.path)}>{page.title}</Link>
                  <span className="where">{page.path}</span>
                </li>
              ))}
            </ul>
            {found.words.length > 0 ? (
              <p>
                <Link to={searchLink(found.words.join(' '))}>在全站搜索“{found.words.join(' ')}”</Link>
              </p>
            ) : null}
          </section>
        ) : null}
      </div>
    </Layout>
  );
}

export function Head({ location }: HeadProps) {
  return <Seo title="找不到页面" pathname={location.pathname} noindex />;
}
