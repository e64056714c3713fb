import { useEffect } from 'react';
import { css } from '@emotion/react';
import { Link, navigate, withPrefix, type HeadProps, type PageProps } from 'gatsby';
import { Layout } from '../components/layout/Layout';
import { Seo } from '../components/layout/Seo';
import { stripHtmlSuffix } from '../lib/navigation';
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
  p a {
    text-decoration: underline;
    text-decoration-thickness: 1px;
  }
`;

function sitePath(pathname: string): string {
  const prefix = withPrefix('/').replace(/\/$/, '');
  return prefix && pathname.startsWith(prefix) ? pathname.slice(prefix.length) || '/' : pathname;
}

/**
 * Not-found page (spec §2, §8). A static host serves it for any unknown path; a path that only
 * differs by `.html` or `/index.html` is sent on to the page itself, with the address corrected.
 */
export default function NotFoundPage({ location }: PageProps) {
  useEffect(() => {
    const target = stripHtmlSuffix(sitePath(window.location.pathname));
    if (target) void navigate(`${target}${window.location.search}${window.location.hash}`, { replace: true });
  }, []);
  return (
    <Layout title="找不到页面" pathname={location.pathname}>
      <div css={box} data-testid="not-found">
        <h1>找不到页面</h1>
        <p>我们找不到您要访问的页面。</p>
        <p>如果您是通过其他网站的链接来到这里的，请联系该网站的所有者，告诉他们这个链接已经失效，请他们修正。</p>
        <p>
          您也可以回到 <Link to="/">首页</Link>，或者浏览 <Link to="/docs/intro">文档</Link> 与 <Link to="/blog">博客</Link>。
        </p>
      </div>
    </Layout>
  );
}

export function Head({ location }: HeadProps) {
  return <Seo title="找不到页面" pathname={location.pathname} noindex />;
}
