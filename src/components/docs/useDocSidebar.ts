import { graphql, useStaticQuery } from 'gatsby';
import { buildSidebars, type Sidebar } from '../../lib/docs';

interface SidebarQuery {
  allMdx: {
    nodes: Array<{
      fields: { docId: string | null } | null;
      frontmatter: { title: string; sidebar_label: string | null; sidebar_position: number | null; hide_sidebar: boolean | null; unlisted: boolean | null };
    }>;
  };
}

let cached: { data: SidebarQuery; sidebars: Map<string, Sidebar> } | null = null;

/**
 * The sidebar of one product. Every doc page shares one static query result (fetched once per
 * visit, not repeated in each page's data); the tree is built by the same pure function that
 * orders previous/next at build time (src/lib/docs.ts).
 */
export function useDocSidebar(key: string | null): Sidebar | null {
  const data = useStaticQuery<SidebarQuery>(graphql`
    query DocSidebars {
      allMdx(filter: { fields: { kind: { eq: "doc" } } }, sort: { fields: { docId: ASC } }) {
        nodes {
          fields {
            docId
          }
          frontmatter {
            title
            sidebar_label
            sidebar_position
            hide_sidebar
            unlisted
          }
        }
      }
    }
  `);
  if (cached?.data !== data) {
    const docs = data.allMdx.nodes.flatMap(({ fields, frontmatter: fm }) =>
      fields?.docId
        ? [{ id: fields.docId, title: fm.title, sidebarLabel: fm.sidebar_label ?? undefined, sidebarPosition: fm.sidebar_position ?? undefined, hideSidebar: Boolean(fm.hide_sidebar), unlisted: Boolean(fm.unlisted) }]
        : [],
    );
    cached = { data, sidebars: buildSidebars(docs) };
  }
  return key ? (cached.sidebars.get(key) ?? null) : null;
}
