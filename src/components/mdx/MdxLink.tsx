import type { AnchorHTMLAttributes } from 'react';
import { Link, withPrefix } from 'gatsby';

/** gatsby-plugin-mdx already prefixes absolute links when built with --prefix-paths; Link adds it again. */
export function withoutPathPrefix(href: string, prefix = withPrefix('/').replace(/\/$/, '')): string {
  return prefix && (href === prefix || href.startsWith(`${prefix}/`)) ? href.slice(prefix.length) || '/' : href;
}

/** Internal links go through Gatsby's Link (prefetch, base URL); external ones open safely. */
export function MdxLink({ href = '', children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={withoutPathPrefix(href)} className={rest.className}>
        {children}
      </Link>
    );
  }
  const external = /^https?:\/\//.test(href);
  return (
    <a href={href} {...rest} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}
