import { css } from '@emotion/react';
import { graphql, Link, type HeadProps, type PageProps } from 'gatsby';
import { ToolGrid } from '../components/home/ToolGrid';
import { GiteeIcon, GitHubIcon } from '../components/icons';
import { Layout } from '../components/layout/Layout';
import { Seo } from '../components/layout/Seo';
import { desktopTools, mobileTools, serviceTools, siteConfig } from '../config/site';
import { formatDateZh } from '../lib/format';
import { postPath } from '../lib/routes';
import { c, mq } from '../theme/tokens';

interface HomeData {
  allMdx: { nodes: Array<{ frontmatter: { slug: string; title: string; date: string; description: string } }> };
}

const hero = css`
  padding: 72px 24px 56px;
  text-align: center;
  background: linear-gradient(180deg, ${c('primarySoft')} 0%, ${c('bg')} 100%);
  border-bottom: 1px solid ${c('border')};
  ${mq.mobile} {
    padding: 44px 16px 36px;
  }
  h1 {
    font-size: clamp(2rem, 5vw, 3rem);
    line-height: 1.2;
    margin: 0 0 16px;
    letter-spacing: 0.01em;
  }
  p {
    max-width: 680px;
    margin: 0 auto 28px;
    font-size: 1.1rem;
    color: ${c('textSoft')};
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 12px;
  }
  .actions a {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    padding: 10px 22px;
    border-radius: 10px;
    font-weight: 600;
    border: 1px solid ${c('border')};
    color: ${c('text')};
    background: ${c('surface')};
  }
  .actions a.primary {
    background: ${c('primary')};
    border-color: ${c('primary')};
    color: ${c('onPrimary')};
  }
  .actions a:hover {
    text-decoration: none;
    filter: brightness(1.05);
  }
`;

const body = css`
  max-width: 1200px;
  margin: 0 auto;
  padding: 48px 24px 0;
  ${mq.mobile} {
    padding: 32px 16px 0;
  }
  .latest h2 {
    font-size: 1.35rem;
    margin: 0 0 12px;
  }
  .latest ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: 14px;
  }
  ${mq.mobile} {
    .latest ul {
      grid-template-columns: 1fr;
    }
  }
  .latest li {
    padding: 16px 18px;
    border: 1px solid ${c('border')};
    border-radius: 12px;
  }
  .latest time {
    display: block;
    font-size: 13px;
    color: ${c('textMute')};
  }
  .latest p {
    margin: 6px 0 0;
    font-size: 14px;
    color: ${c('textSoft')};
  }
`;

export default function HomePage({ data, location }: PageProps<HomeData>) {
  const [github, gitee] = siteConfig.codeHosts;
  return (
    <Layout title="首页" pathname={location.pathname}>
      <section css={hero}>
        <h1>iofomo 开源工具</h1>
        <p>{siteConfig.description}</p>
        <div className="actions">
          <Link className="primary" to="/docs/intro">
            浏览文档
          </Link>
          <Link to="/blog">阅读博客</Link>
          {github ? (
            <a href={github.href} target="_blank" rel="noopener noreferrer">
              <GitHubIcon size={18} /> GitHub
            </a>
          ) : null}
          {gitee ? (
            <a href={gitee.href} target="_blank" rel="noopener noreferrer">
              <GiteeIcon size={18} /> Gitee
            </a>
          ) : null}
        </div>
      </section>
      <div css={body}>
        <ToolGrid id="area-desktop" title="桌面端" intro="在电脑上提升团队协作与移动开发效率的工具。" tools={desktopTools} />
        <ToolGrid id="area-mobile" title="移动端" intro="面向 Android 与 iOS 的拦截、多开与应用包二次开发框架。" tools={mobileTools} />
        <ToolGrid id="area-services" title="服务" intro="在线服务：应用分发、设备信息、自动化测试与云端多开。" tools={serviceTools} />
        <section className="latest" aria-labelledby="latest-posts">
          <h2 id="latest-posts">最新博文</h2>
          <ul>
            {data.allMdx.nodes.map(({ frontmatter: post }) => (
              <li key={post.slug}>
                <time dateTime={post.date}>{formatDateZh(post.date)}</time>
                <Link to={postPath(post.slug)}>{post.title}</Link>
                <p>{post.description}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </Layout>
  );
}

export function Head({ location }: HeadProps) {
  return <Seo pathname={location.pathname} />;
}

export const query = graphql`
  query HomeLatestPosts {
    allMdx(filter: { fields: { kind: { eq: "post" } }, frontmatter: { unlisted: { ne: true }, draft: { ne: true } } }, sort: { frontmatter: { date: DESC } }, limit: 3) {
      nodes {
        frontmatter {
          slug
          title
          date(formatString: "YYYY-MM-DD")
          description
        }
      }
    }
  }
`;
