/**
 * Steps (:::steps, gatsby/markdown/steps.ts) and file trees (```filetree, gatsby/markdown/file-tree.ts):
 * accessible static HTML, the Markdown version and the search text from one syntax tree; mistakes
 * stop the build with the file's line.
 */
import { drawFileTree, parseFileTree } from '../../gatsby/markdown/file-tree';
import { CONSTRUCTS_HELP } from '../../gatsby/content/scaffold';
import { renderCases } from './support/cases';

const steps = [':::steps', '1. 安装依赖', '', '   ```bash', '   npm install', '   ```', '', '2. 启动 **服务**', '', '   :::tip', '   端口默认是 8000。', '   :::', '', ':::', ''].join('\n');

const tree = ['```filetree', 'wing/', '  bin/', '    **wing**  # 命令行入口', '  config.json', '  ...', 'README.md', '```', ''].join('\n');

const drawn = ['```filetree', 'aosp/', '├── build/', '│   └── make/   # 构建系统', '└── frameworks/', '```', ''].join('\n');

const cases = renderCases({
  steps: { source: steps },
  tree: { source: tree },
  drawn: { source: drawn },
  inTabs: { source: `<Tabs>\n<TabItem value="a" label="甲">\n\n${steps}\n</TabItem>\n</Tabs>\n` },
  stepsNoList: { source: '正文\n\n:::steps\n先这样，再那样。\n:::\n', file: 'content/docs/bad.mdx', firstLine: 4 },
  stepsBullets: { source: ':::steps\n- 一\n- 二\n:::\n', file: 'content/docs/bad.mdx', firstLine: 4 },
  stepsStray: { source: ':::steps\n1. 一\n2. 二\n\n散落的段落\n:::\n', file: 'content/docs/bad.mdx', firstLine: 4 },
  treeEmpty: { source: '```filetree\n\n```\n', file: 'content/docs/bad.mdx', firstLine: 4 },
  // What npm run new writes into a new file: a comment showing every construct, rendering nothing.
  scaffoldHelp: { source: `${CONSTRUCTS_HELP.join('\n')}\n` },
  treeNoName: { source: '```filetree\nsrc/\n  # 只有说明\n```\n', file: 'content/docs/bad.mdx', firstLine: 4 },
});

describe('steps', () => {
  it('are an ordered list marked as steps, each step holding any Markdown', () => {
    const { html, markdown, search } = cases.ok('steps');
    expect(html).toMatch(/^<ol class="steps">\n<li>\n<p>安装依赖<\/p>\n<div class="code-block" data-language="bash">/);
    expect(html).toContain('<li>\n<p>启动 <strong>服务</strong></p>\n<aside class="callout callout-tip"');
    expect(markdown).toContain('1. 安装依赖\n\n   ```bash\n   npm install\n   ```\n\n2. 启动 **服务**\n\n   > **提示**\n   >\n   > 端口默认是 8000。');
    expect(markdown).not.toContain(':::');
    expect(search).toBe('安装依赖 启动 服务 提示 端口默认是 8000。');
  });

  it('nest in tabs', () => {
    expect(cases.ok('inTabs').html).toContain('<p class="tab-label">甲</p><ol class="steps">');
  });

  it.each([
    ['stepsNoList', 'content/docs/bad.mdx:7:1 :::steps 里要写一个有序列表'],
    ['stepsBullets', 'content/docs/bad.mdx:5:1 :::steps 里要写一个有序列表'],
    ['stepsStray', 'content/docs/bad.mdx:8:1 :::steps 里只能有一个有序列表'],
  ])('stop the build at the mistake: %s', (name, message) => {
    expect(cases.error(name)).toContain(message);
  });
});

describe('file trees', () => {
  it('are nested lists named 文件树: directories said in words, notes, highlights, “more”', () => {
    const { html, search } = cases.ok('tree');
    expect(html).toBe(
      '<div class="file-tree"><ul aria-label="文件树">' +
        '<li class="ft-dir"><span class="visually-hidden">目录 </span><span class="ft-name">wing</span><ul>' +
        '<li class="ft-dir"><span class="visually-hidden">目录 </span><span class="ft-name">bin</span><ul><li class="ft-file"><strong class="ft-name">wing</strong> <span class="ft-note">命令行入口</span></li></ul></li>' +
        '<li class="ft-file"><span class="ft-name">config.json</span></li>' +
        '<li class="ft-more"><span class="ft-name">…</span><span class="visually-hidden">（还有其他文件）</span></li></ul></li>' +
        '<li class="ft-file"><span class="ft-name">README.md</span></li></ul></div>',
    );
    expect(search).toContain('wing 目录 bin wing 命令行入口 config.json');
  });

  it('are drawn as `tree` draws them in the Markdown version', () => {
    expect(cases.ok('tree').markdown).toContain(['```text', 'wing/', '├── bin/', '│   └── wing  # 命令行入口', '├── config.json', '└── …', 'README.md', '```'].join('\n'));
  });

  it('read a hand-drawn tree as it is, so an old ```text tree only changes its language', () => {
    const entries = parseFileTree('aosp/\n├── build/\n│   └── make/   # 构建系统\n└── frameworks/', 'a.mdx', 1);
    expect(drawFileTree(entries)).toBe('aosp/\n├── build/\n│   └── make/  # 构建系统\n└── frameworks/');
    expect(cases.ok('drawn').html).toContain('<span class="ft-name">make</span> <span class="ft-note">构建系统</span>');
  });

  it.each([
    ['treeEmpty', 'content/docs/bad.mdx:4 ```filetree 里没有条目'],
    ['treeNoName', 'content/docs/bad.mdx:6 文件树里这一行没有文件名'],
  ])('stop the build at the mistake: %s', (name, message) => {
    expect(cases.error(name)).toContain(message);
  });
});

describe('npm run new', () => {
  it('shows each construct in a comment that renders nothing', () => {
    const help = CONSTRUCTS_HELP.join('\n');
    for (const construct of ['{#install}', '**重点。**后文', ':::tip', ':::steps', '```filetree', '<Tabs groupId="os">']) expect(help).toContain(construct);
    expect(cases.ok('scaffoldHelp').html).toBe('');
  });
});
