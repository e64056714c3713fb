import type { ReactNode } from 'react';
import { MDXProvider } from '@mdx-js/react';
import { mdxComponents } from './mdx/MdxComponents';

/** Shared by gatsby-browser and gatsby-ssr so server and client render the same tree. */
export function RootProviders({ children }: { children: ReactNode }) {
  return <MDXProvider components={mdxComponents}>{children}</MDXProvider>;
}
