/**
 * Related posts (gatsby/content/related.ts) on a small corpus: Binder posts relate to Binder posts,
 * not to DeepSeek; the post's own series, drafts and itself are never suggested; the choice does not
 * depend on the order the posts come in.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFrontmatter } from '../../gatsby/content/frontmatter';
import { loadContent } from '../../gatsby/content/loader';
import { relatedPosts, relatedText, termCounts, type RelatedInput } from '../../gatsby/content/related';
import { relatedTerms } from '../../gatsby/content/related-terms';
import { runOnWorkerThread } from '../../gatsby/worker-thread';

const post = (slug: string, date: string, tags: string[], body: string, extra: Partial<RelatedInput> = {}): RelatedInput => ({
  slug,
  path: `/blog/${slug}`,
  title: extra.title ?? slug,
  date,
  tags,
  body,
  listed: true,
  ...extra,
});

const CORPUS: RelatedInput[] = [
  post('binder', '2023-10-10', ['android', 'binder'], 'Binder 驱动通过 ioctl 传递事务。拦截 BINDER_WRITE_READ 可以看到 Parcel 数据。ServiceManager 是 handle 0。', { title: '深入 Binder 拦截' }),
  post('oneway', '2023-10-27', ['android', 'binder'], 'oneway 的 Binder 调用不等回复。驱动把异步事务放进队列，ioctl 立即返回。Parcel 数据照常写入。', { series: 'binder' }),
  post('servicemanager', '2023-11-10', ['android', 'binder'], 'ServiceManager 在 handle 0 登记服务。客户端按名字查找 Binder 服务，驱动通过 ioctl 转交 Parcel。', { series: 'binder' }),
  post('binderhook', '2024-03-01', ['android'], '用 ioctl 拦截 Binder 事务的另一种做法：解析 Parcel，改写 BINDER_WRITE_READ 的数据。'),
  post('deepseekr1', '2025-01-28', ['ai', 'deep-seek'], 'DeepSeek-R1 是推理模型。蒸馏模型可以在本地运行。提示词要写清楚任务。'),
  post('deepseeklocal', '2025-02-11', ['ai', 'deep-seek'], '在本地运行 DeepSeek-R1 蒸馏模型：量化、显存和推理速度。提示词和上下文长度。'),
  post('prompt', '2024-06-18', ['ai', 'prompt'], '给工程任务写提示词：角色、上下文、约束。推理模型也需要清楚的提示词。'),
  post('draft', '2024-05-01', ['android', 'binder'], 'Binder ioctl Parcel BINDER_WRITE_READ ServiceManager handle 0 拦截。', { listed: false }),
  post('exfat', '2023-09-15', ['tf-card'], 'ExFAT 的目录项集合和簇链。存储卡固件读取引导扇区。'),
];

const paths = (map: Map<string, Array<{ path: string }>>, slug: string) => (map.get(slug) ?? []).map((r) => r.path);

describe('relatedPosts', () => {
  const related = relatedPosts(CORPUS);

  it('relates a Binder post to Binder posts, not to DeepSeek', () => {
    const forBinder = paths(related, 'binder');
    expect([...forBinder].sort()).toEqual(['/blog/binderhook', '/blog/oneway', '/blog/servicemanager']);
    expect(forBinder.some((p) => /deepseek|prompt/.test(p))).toBe(false);
  });

  it('relates DeepSeek posts to each other and to prompting, not to Binder', () => {
    expect(paths(related, 'deepseekr1').slice(0, 2)).toEqual(['/blog/deepseeklocal', '/blog/prompt']);
    expect(paths(related, 'deepseekr1').some((p) => /binder|oneway|servicemanager/.test(p))).toBe(false);
  });

  it('leaves out the post itself, its own series and unlisted posts; at most three', () => {
    const forOneway = paths(related, 'oneway');
    expect(forOneway).not.toContain('/blog/oneway');
    expect(forOneway).not.toContain('/blog/servicemanager');
    expect(forOneway).toContain('/blog/binder');
    for (const list of related.values()) {
      expect(list.length).toBeLessThanOrEqual(3);
      expect(list.map((r) => r.path)).not.toContain('/blog/draft');
    }
  });

  it('suggests nothing rather than filler for a post that shares nothing', () => {
    expect(paths(related, 'exfat')).toEqual([]);
  });

  it('is stable: the same choice whatever order the posts come in, with title and date of each', () => {
    const reversed = relatedPosts([...CORPUS].reverse());
    for (const post of CORPUS) expect(reversed.get(post.slug)).toEqual(related.get(post.slug));
    expect(related.get('oneway')).toEqual([
      { title: '深入 Binder 拦截', path: '/blog/binder', date: '2023-10-10' },
      { title: 'binderhook', path: '/blog/binderhook', date: '2024-03-01' },
    ]);
  });

  it('suggests a post that shares only tags (no words) when the tags alone score enough', () => {
    const tagOnly = relatedPosts([post('a', '2024-01-01', ['media', 'android'], 'MediaCodec 的输入缓冲区。'), post('b', '2024-02-01', ['media', 'android'], 'FMOD 变声插件的参数。')]);
    expect(paths(tagOnly, 'a')).toEqual(['/blog/b']);
    expect(paths(relatedPosts([post('a', '2024-01-01', ['media'], 'MediaCodec 的输入缓冲区。'), post('b', '2024-02-01', ['android'], 'FMOD 变声插件的参数。')]), 'a')).toEqual([]);
  });
});

describe('related posts’ term counts, counted ahead on a worker thread', () => {
  const root = path.resolve(__dirname, '../..');
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'related-terms-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps each post’s counts, the same as counting them now', () => {
    const post = { title: '深入 Binder 拦截', body: 'Binder 驱动通过 ioctl 传递事务。拦截 BINDER_WRITE_READ 可以看到 Parcel 数据。' };
    const first = relatedTerms(root, dir);
    expect(first.fill(post)).toBe(true);
    expect(first.fill(post)).toBe(false);
    const later = relatedTerms(root, dir);
    expect(later.countsOf(post)).toEqual(termCounts(relatedText(post.title, post.body)));
    expect(later.stats()).toEqual({ counted: 0, reused: 1 });
    expect(later.countsOf({ ...post, body: `${post.body}新的一段。` }).size).toBeGreaterThan(0);
    expect(later.stats()).toEqual({ counted: 1, reused: 1 });
  });

  it('counts every post of the content folder on the worker, under the keys createPages reads them by', async () => {
    const result = await runOnWorkerThread<{ counted: number; posts: number }>('gatsby/content/related-terms-worker.ts', { root, contentDir: path.join(root, 'content'), dir });
    expect(result.posts).toBeGreaterThan(10);
    expect(result.counted).toBe(result.posts);
    // createPages takes a post's title from its node and its body from the file, as here.
    const terms = relatedTerms(root, dir);
    for (const post of loadContent(root).posts) terms.countsOf({ title: post.frontmatter.title, body: readFrontmatter(readFileSync(path.join(root, post.file), 'utf8')).body });
    expect(terms.stats()).toEqual({ counted: 0, reused: result.posts });
  }, 60_000);
});
