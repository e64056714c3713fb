/**
 * Fills the related posts' term cache (gatsby/content/related-terms.ts) for every post of the
 * content folder, on a worker thread (gatsby/worker-thread.ts). Posts with content errors are
 * left out: the build reports them itself.
 */
import { workerTask } from '../worker-thread';
import { loadContent } from './loader';
import { relatedTerms } from './related-terms';

workerTask(({ root, contentDir, dir }: { root: string; contentDir: string; dir: string }): { counted: number; posts: number } => {
  const terms = relatedTerms(root, dir);
  const { posts } = loadContent(root, contentDir);
  let counted = 0;
  for (const post of posts) if (terms.fill({ title: post.frontmatter.title, body: post.body })) counted += 1;
  return { counted, posts: posts.length };
});
