import type { ReactNode } from 'react';
import { withPrefix } from 'gatsby';
import { siteConfig } from '../../config/site';
import { encodePath } from '../../lib/url-path';

export interface SeoProps {
  title?: string;
  /** The whole document title, when a page words it differently from `pageTitle(title)`. */
  documentTitle?: string;
  description?: string;
  /** Site path of the page (without base URL), e.g. /blog/binder. */
  pathname: string;
  noindex?: boolean;
  type?: 'website' | 'article';
  /** Site-absolute URL of the share image (base URL included): a post's cover or a generated card. */
  image?: string;
  imageAlt?: string;
  imageSize?: { width: number; height: number };
  children?: ReactNode;
}

/** Gatsby hands Head the address-bar pathname (base URL included): strip the base for site paths. */
export function sitePath(pathname: string): string {
  const base = withPrefix('/').replace(/\/$/, '');
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    /* keep as is */
  }
  return base && path.startsWith(base) ? path.slice(base.length) || '/' : path;
}

export function pageTitle(title?: string): string {
  return title ? `${title} | ${siteConfig.title}` : `${siteConfig.title} | ${siteConfig.tagline}`;
}

/** Metadata for Gatsby's Head API: title, description, canonical, Open Graph and Twitter. */
export function Seo({ title, documentTitle, description, pathname, noindex, type = 'website', image, imageAlt, imageSize, children }: SeoProps) {
  const fullTitle = documentTitle ?? pageTitle(title);
  const desc = description ?? siteConfig.description;
  const canonical = `${siteConfig.url}${withPrefix(encodePath(sitePath(pathname)))}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={desc} />
      <link rel="canonical" href={canonical} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={desc} />
      <meta property="og:url" content={canonical} />
      <meta property="og:site_name" content={siteConfig.title} />
      <meta property="og:locale" content="zh_CN" />
      {image ? <meta property="og:image" content={`${siteConfig.url}${image}`} /> : null}
      {image && imageSize ? <meta property="og:image:width" content={String(imageSize.width)} /> : null}
      {image && imageSize ? <meta property="og:image:height" content={String(imageSize.height)} /> : null}
      {image && imageAlt ? <meta property="og:image:alt" content={imageAlt} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {image && imageAlt ? <meta name="twitter:image:alt" content={imageAlt} /> : null}
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={desc} />
      <link rel="alternate" type="application/rss+xml" title={`${siteConfig.title} 博客（RSS）`} href={withPrefix('/rss.xml')} />
      <link rel="alternate" type="application/atom+xml" title={`${siteConfig.title} 博客（Atom）`} href={withPrefix('/atom.xml')} />
      {noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
      {children}
    </>
  );
}
