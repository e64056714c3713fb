/**
 * Content's Gatsby hooks: the Mdx frontmatter schema (declared, so queries do not break when a
 * field is absent from all content, and not inferred from content: a key no template reads does
 * not become a field, and Gatsby does not re-examine every node's values, dates among them, when
 * an edit in develop rebuilds the schema), each content file validated as its node is created (errors
 * collected and reported together by createPages), and the one query that turns the Mdx nodes into
 * the site plan's posts and docs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Actions, CreateNodeArgs, CreatePagesArgs, CreateSchemaCustomizationArgs, GatsbyNode, Node } from 'gatsby';
import { ContentError, validateDoc, validatePost } from './model';
import { authorIds, checkPostReferences } from './loader';
import { docIdFromRelativePath } from '../../src/lib/docs';
import { readingMinutes } from '../../src/lib/reading-time';
import { docEntry, postEntry, type DocEntry, type PostEntry } from '../../src/lib/routes';
import { readContentFrontmatter } from './frontmatter';
import { developErrors } from '../markdown/develop-errors';
import { gatsbyCommand } from '../framework/internals';
import { contentDir } from './dir';
import { startCountingRelatedTerms } from './related-terms';

/**
 * Content errors found while nodes are created, by node (an edit in develop re-creates the node:
 * fixed, its error goes); reported together before pages are made.
 */
const contentErrors = new Map<string, ContentError>();

/**
 * The errors of nodes that still exist (a deleted file's error goes with it). Given `restored`, the
 * content nodes this process never validated are validated first: Gatsby restores nodes from .cache
 * without calling onCreateNode when their file is unchanged, so a file still broken when an earlier
 * run stopped (`gatsby develop` ended with it broken) would otherwise be a page silently missing.
 */
export function collectedContentErrors(getNode: (id: string) => Node | undefined = () => ({}) as Node, restored?: { getNodesByType: (type: string) => Node[]; actions: Actions }): ContentError[] {
  for (const node of restored?.getNodesByType('Mdx') ?? []) {
    if ((node.fields as { kind?: unknown } | undefined)?.kind || contentErrors.has(node.id)) continue;
    validateNode({ node: node as MdxNode, getNode, actions: restored!.actions });
  }
  for (const [id, error] of contentErrors) {
    if (getNode(id)) continue;
    contentErrors.delete(id);
    developErrors()?.set('frontmatter', error.file, null);
  }
  return [...contentErrors.values()];
}

/** A build counts the posts' terms for related posts on a worker thread while Gatsby reads the content. */
export const onPreBootstrap: GatsbyNode['onPreBootstrap'] = () => {
  if (gatsbyCommand() === 'build') startCountingRelatedTerms(contentDir);
};

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }: CreateSchemaCustomizationArgs) => {
  // Gatsby builds inference metadata, testing each string field of every node for a date with
  // moment.js (most of building the schema on a large site: docs/decisions/build-at-scale.md),
  // for every node type not declared @dontInfer here, even its own SitePage and Directory whose
  // schema it never infers. File's fields are Gatsby's, childImageSharp comes from
  // gatsby-transformer-sharp (@childOf), publicURL from gatsby-source-filesystem.
  actions.createTypes(`
    type File implements Node @dontInfer {
      relativePath: String!
    }
    type Directory implements Node @dontInfer {
      relativePath: String!
    }
    type SitePage implements Node @dontInfer {
      path: String!
    }
    type Mdx implements Node @dontInfer {
      body: String
      frontmatter: MdxFrontmatter
      fields: MdxFields
    }
    type MdxFrontmatter @dontInfer {
      slug: String
      title: String
      date: Date @dateformat
      tags: [String]
      authors: [String]
      description: String
      image: File @fileByRelativePath
      unlisted: Boolean
      draft: Boolean
      series: String
      series_position: Int
      sidebar_position: Float
      sidebar_label: String
      hide_sidebar: Boolean
    }
    type MdxFields @dontInfer {
      kind: String
      docId: String
      readingMinutes: Int
    }
  `);
};

interface MdxNode extends Node {
  body?: string;
}

/** What gatsby-source-filesystem gives an Mdx node as its parent. */
interface ContentFile extends Node {
  sourceInstanceName: string;
  relativePath: string;
  relativeDirectory: string;
  absolutePath: string;
}

/**
 * Each content file validated as its Mdx node is created. The frontmatter is read from the file
 * with the site's one reader (gatsby/content/frontmatter.ts), the parser gatsby-plugin-mdx's node
 * got its values from (one parse, shared), for the places of its fields: every error names the
 * file's own line. A frontmatter that is not YAML reaches here too (the plugin gives its node an
 * empty frontmatter instead of failing), and is reported at the line and column the parser stopped.
 */
export const onCreateNode: GatsbyNode['onCreateNode'] = (args: CreateNodeArgs<MdxNode>) => validateNode(args);

function validateNode({ node, getNode, actions }: Pick<CreateNodeArgs<MdxNode>, 'node' | 'getNode' | 'actions'>): void {
  if (node.internal.type !== 'Mdx' || !node.parent) return;
  const file = getNode(node.parent) as ContentFile | undefined;
  if (!file) return;
  const display = `content/${file.sourceInstanceName}/${file.relativePath}`;
  contentErrors.delete(node.id);
  developErrors()?.set('frontmatter', display, null);
  try {
    const { data, places } = readContentFrontmatter(readFileSync(file.absolutePath, 'utf8'), display);
    if (file.sourceInstanceName === 'blog') {
      if (file.relativeDirectory.includes('/') || !/index\.mdx$/.test(file.relativePath)) {
        throw new ContentError(display, 'slug', '文章必须位于 content/blog/<yyyy-mm-dd>-<slug>/index.mdx');
      }
      const post = validatePost(data, display, file.relativeDirectory, places);
      // authors.json read for each post: `gatsby develop` sees an edit of it at the next post it validates.
      checkPostReferences(post, { known: authorIds(path.resolve(path.dirname(file.absolutePath), '../..')), postDir: path.dirname(file.absolutePath) }, display, places);
      actions.createNodeField({ node, name: 'kind', value: 'post' });
      actions.createNodeField({ node, name: 'readingMinutes', value: readingMinutes(node.body ?? '') });
    } else if (file.sourceInstanceName === 'docs') {
      validateDoc(data, display, places);
      actions.createNodeField({ node, name: 'kind', value: 'doc' });
      actions.createNodeField({ node, name: 'docId', value: docIdFromRelativePath(file.relativePath) });
    }
  } catch (error) {
    const problem = error instanceof ContentError ? error : new ContentError(display, 'frontmatter', String(error));
    contentErrors.set(node.id, problem);
    developErrors()?.set('frontmatter', display, { file: display, line: problem.place?.line ?? 1, column: problem.place?.column, message: problem.message });
  }
}

interface ContentQuery {
  allMdx: {
    nodes: Array<{
      id: string;
      frontmatter: Record<string, unknown>;
      fields: { kind: string | null; docId: string | null; readingMinutes: number | null } | null;
      parent: { sourceInstanceName: string; relativePath: string; relativeDirectory: string } | null;
    }>;
  };
}

/** Every post and doc as the site plan takes them, validated again from the queried frontmatter. */
export async function queryContent(graphql: CreatePagesArgs['graphql']): Promise<{ posts: PostEntry[]; docs: DocEntry[] }> {
  // Only nodes that passed onCreateNode's checks (they have a kind): in develop a file with a
  // frontmatter error stays out (its value could fail the schema's type and with it the whole
  // query) while every other page is still made; a build has stopped before this.
  const result = await graphql<ContentQuery>(`
    query SiteContent {
      allMdx(filter: { fields: { kind: { ne: null } } }) {
        nodes {
          id
          frontmatter { slug title date(formatString: "YYYY-MM-DD") tags authors description unlisted draft series series_position sidebar_position sidebar_label hide_sidebar }
          fields { kind docId readingMinutes }
          parent { ... on File { sourceInstanceName relativePath relativeDirectory } }
        }
      }
    }
  `);
  if (result.errors || !result.data) throw new Error(`读取内容失败：${JSON.stringify(result.errors)}`);
  const posts: PostEntry[] = [];
  const docs: DocEntry[] = [];
  // By file: Gatsby returns nodes in the order their files were read, which varies from build to
  // build (and with it the order of the sitemap and of every list made from these).
  const files = result.data.allMdx.nodes.flatMap((node) => (node.parent && node.fields ? [{ node, parent: node.parent, fields: node.fields, display: `content/${node.parent.sourceInstanceName}/${node.parent.relativePath}` }] : []));
  files.sort((a, b) => a.display.localeCompare(b.display));
  for (const { node, parent, fields, display } of files) {
    if (fields.kind === 'post') {
      posts.push(postEntry(node.id, display, validatePost(node.frontmatter, display, parent.relativeDirectory), fields.readingMinutes ?? 1));
    } else if (fields.kind === 'doc' && fields.docId) {
      docs.push(docEntry(node.id, display, fields.docId, validateDoc(node.frontmatter, display)));
    }
  }
  return { posts, docs };
}
