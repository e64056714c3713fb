import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'gatsby';

/** Internal links go through Gatsby's Link (prefetch, base URL); external ones open safely. */
export function MdxLink({ href = '', children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={rest.className}>
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
