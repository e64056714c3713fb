// Synthetic Chinese content for scale builds, valid per content/README.md's content model:
//   posts: <dir>/blog/<yyyy-mm-dd>-<slug>/index.mdx  (slug title date tags authors description)
//   docs:  <dir>/docs/bench/<n>.mdx                   (title sidebar_position description)
// Deterministic (seeded), unique slugs and dates, ~6–9 KB per file (the real posts average ~9 KB),
// each with h2/h3 sections, lists, a table and code blocks in the languages editors use.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const TAGS = ['ai', 'android', 'aosp', 'binder', 'cos', 'deep-seek', 'konker', 'media', 'prompt', 'tf-card', 'voice-wise', 'wing', 'IT人生', 'PC工具', '产品', '合伙人', '空壳'];

const SUBJECTS = ['Binder 驱动', '应用进程', '系统服务', '构建脚本', '多仓库工作空间', '插件框架', '签名校验', '媒体解码器', '模型推理服务', '空壳容器', '索引文件', '调试工具', '启动流程', '权限模型', '日志系统', '缓存目录'];
const VERBS = ['负责', '拦截', '转发', '记录', '校验', '加载', '缓存', '同步', '解析', '调度', '隔离', '回收'];
const OBJECTS = ['跨进程调用', '事务数据', '本地目录', '远程仓库', '配置文件', '线程池', '共享内存', '调用栈', '资源文件', '版本号', '权限声明', '网络请求'];
const CLAUSES = [
  '这一步在大多数设备上几乎没有额外开销',
  '因此我们在实现时把它放到了后台线程',
  '实际项目中最容易出错的就是这里',
  '团队里的每个成员都应该了解它的边界',
  '如果省略这一步，后续的排查会困难得多',
  '它的行为在不同 Android 版本之间略有差异',
  '我们用一个最小的示例来说明',
  '这也是很多开源工具采用的做法',
  '在持续集成环境中同样适用',
  '只要遵守约定，就不需要额外配置',
];
const OPENERS = ['首先，', '其次，', '另外，', '需要注意的是，', '换句话说，', '在实践中，', '从结果来看，', '简单来说，', '更进一步，', '回到最初的问题，'];
const HEADINGS2 = ['背景', '整体设计', '实现细节', '常见问题', '性能与稳定性', '与现有方案的比较', '使用方法', '调试技巧', '小结', '后续计划'];
const HEADINGS3 = ['数据结构', '调用流程', '错误处理', '配置项', '兼容性', '测试方法', '边界情况', '监控指标'];
const TITLE_A = ['深入理解', '从零实现', '一次排查', '再谈', '浅析', '实战：', '如何设计', '重新认识'];
const TITLE_B = ['Binder 拦截', '多仓库同步', '应用签名', '媒体编解码', '空壳容器', '系统服务代理', '本地大模型', '开发者工具链', 'AOSP 编译', '隐藏 API 调用'];

const CODE = [
  ['kotlin', 'class TransactionLogger(private val tag: String) {\n    fun onTransact(code: Int, data: Parcel): Boolean {\n        Log.d(tag, "code=$code size=${data.dataSize()}")\n        return true\n    }\n}'],
  ['java', 'public final class ServiceProxy implements InvocationHandler {\n    private final Object target;\n\n    public ServiceProxy(Object target) { this.target = target; }\n\n    @Override\n    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {\n        long start = System.nanoTime();\n        try {\n            return method.invoke(target, args);\n        } finally {\n            Log.i("proxy", method.getName() + " " + (System.nanoTime() - start) / 1000 + "us");\n        }\n    }\n}'],
  ['bash', 'wing init -u https://github.com/iofomo/manifest.git -b master -m android.xml\nwing sync -j 4\nwing -status\nwing -create feature/bench-$(date +%Y%m%d)'],
  ['cpp', 'status_t BpBench::transact(uint32_t code, const Parcel& data, Parcel* reply) {\n    ALOGD("transact code=%u size=%zu", code, data.dataSize());\n    return remote()->transact(code, data, reply, 0);\n}'],
  ['python', 'def sync_all(projects, jobs=4):\n    from concurrent.futures import ThreadPoolExecutor\n    with ThreadPoolExecutor(max_workers=jobs) as pool:\n        for name, ok in pool.map(sync_one, projects):\n            print(f"{name}: {\'ok\' if ok else \'failed\'}")'],
  ['xml', '<manifest>\n    <remote name="origin" fetch=".."/>\n    <default revision="master" remote="origin" sync-j="4"/>\n    <project path="android/app" name="project/demo/android.git" />\n</manifest>'],
  ['json', '{\n  "name": "bench",\n  "version": "1.0.0",\n  "plugins": ["jadx", "apktool"],\n  "sync": { "jobs": 4, "retry": 2 }\n}'],
  ['typescript', 'export function debounce<T extends (...args: unknown[]) => void>(fn: T, ms: number): T {\n  let timer: ReturnType<typeof setTimeout> | undefined;\n  return ((...args: unknown[]) => {\n    clearTimeout(timer);\n    timer = setTimeout(() => fn(...args), ms);\n  }) as T;\n}'],
];

/** Small seeded PRNG (mulberry32) so every run generates the same content. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function paragraph(rand, sentences) {
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  let text = '';
  for (let i = 0; i < sentences; i++) {
    text += `${i === 0 ? '' : pick(OPENERS)}${pick(SUBJECTS)}${pick(VERBS)}${pick(OBJECTS)}，${pick(CLAUSES)}。`;
  }
  return text;
}

function body(rand, n) {
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const parts = [paragraph(rand, 4)];
  const sections = 3 + Math.floor(rand() * 2);
  for (let s = 0; s < sections; s++) {
    parts.push(`## ${HEADINGS2[(n + s) % HEADINGS2.length]}`);
    parts.push(paragraph(rand, 4 + Math.floor(rand() * 3)));
    parts.push(`### ${pick(HEADINGS3)}`);
    parts.push(paragraph(rand, 3 + Math.floor(rand() * 3)));
    if (s === 0) parts.push(['- ' + paragraph(rand, 1), '- ' + paragraph(rand, 1), '- ' + paragraph(rand, 1)].join('\n'));
    if (s === 1) {
      const [lang, code] = CODE[(n + s) % CODE.length];
      parts.push(`\`\`\`${lang}\n${code}\n\`\`\``);
      parts.push(paragraph(rand, 3));
    }
    if (s === 2) {
      parts.push(['| 项目 | 说明 | 默认值 |', '|---|---|---|', `| \`jobs\` | ${pick(SUBJECTS)}的并发数 | 4 |`, `| \`retry\` | ${pick(OBJECTS)}失败后的重试次数 | 2 |`, `| \`cache\` | 是否${pick(VERBS)}${pick(OBJECTS)} | 是 |`].join('\n'));
      const [lang, code] = CODE[(n + s + 3) % CODE.length];
      parts.push(`\`\`\`${lang}\n${code}\n\`\`\``);
    }
    parts.push(paragraph(rand, 3 + Math.floor(rand() * 3)));
  }
  return parts.join('\n\n') + '\n';
}

function isoDay(start, offset) {
  return new Date(start + offset * 86400000).toISOString().slice(0, 10);
}

/**
 * Writes `count` synthetic files into `dir` (half posts, half docs; posts get the odd one).
 * Returns { posts, docs, bytes }.
 */
export function generateContent(dir, count, { authorsFile } = {}) {
  const posts = Math.ceil(count / 2);
  const docs = count - posts;
  const start = Date.UTC(2000, 0, 1);
  let bytes = 0;
  mkdirSync(path.join(dir, 'blog'), { recursive: true });
  mkdirSync(path.join(dir, 'docs', 'bench'), { recursive: true });
  if (authorsFile) copyFileSync(authorsFile, path.join(dir, 'authors.json'));
  for (let i = 0; i < posts; i++) {
    const rand = rng(1000 + i);
    const slug = `bench-${String(i + 1).padStart(5, '0')}`;
    const date = isoDay(start, i); // one post per day: unique dates
    const tags = [...new Set([TAGS[i % TAGS.length], TAGS[Math.floor(rand() * TAGS.length)]])];
    const title = `${TITLE_A[i % TITLE_A.length]}${TITLE_B[Math.floor(rand() * TITLE_B.length)]}（第 ${i + 1} 篇）`;
    const text = `---\nslug: ${slug}\ntitle: ${title}\ndate: ${date}\ntags: [${tags.join(', ')}]\nauthors: [tiony.bo]\ndescription: ${paragraph(rand, 1).replace(/[:#]/g, '')}\n---\n\n${body(rand, i)}`;
    const folder = path.join(dir, 'blog', `${date}-${slug}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'index.mdx'), text);
    bytes += Buffer.byteLength(text);
  }
  for (let i = 0; i < docs; i++) {
    const rand = rng(900000 + i);
    const title = `${TITLE_B[i % TITLE_B.length]}参考 ${i + 1}`;
    const text = `---\ntitle: ${title}\nsidebar_position: ${i + 1}\ndescription: ${paragraph(rand, 1).replace(/[:#]/g, '')}\n---\n\n${body(rand, i)}`;
    writeFileSync(path.join(dir, 'docs', 'bench', `${i + 1}.mdx`), text);
    bytes += Buffer.byteLength(text);
  }
  return { posts, docs, bytes };
}
