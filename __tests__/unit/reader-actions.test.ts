/**
 * The pure parts of the reader's page actions: the 纠错 address (src/lib/report-issue.ts), the
 * assistants' links (src/lib/assistants.ts) and 复制本节's section of the Markdown version (src/lib/markdown/section.ts).
 */
import { siteConfig } from '../../src/config/site';
import { ASSISTANTS, assistantLinks, COPY_AND_OPEN_NOTE } from '../../src/lib/assistants';
import { markdownSection, plainHeading } from '../../src/lib/markdown/section';
import { issueText, issueUrl, MAX_SELECTION, repositoryOf } from '../../src/lib/report-issue';
import { h, text, textContent } from '../../gatsby/markdown/hast';
import { rehypeSectionButtons } from '../../gatsby/markdown/section-buttons';

describe('纠错', () => {
  const page = { title: '深入 Binder 拦截', pageUrl: 'https://www.iofomo.com/blog/binder' };

  it('opens a new issue in the repository the edit links point into', () => {
    expect(repositoryOf(siteConfig.editUrlBase)).toBe('https://github.com/iofomo/fomosite');
    const url = new URL(issueUrl('https://github.com/iofomo/fomosite', page));
    expect(`${url.origin}${url.pathname}`).toBe('https://github.com/iofomo/fomosite/issues/new');
    expect(url.searchParams.get('title')).toBe('纠错：深入 Binder 拦截');
    expect(url.searchParams.get('body')).toContain('网址：https://www.iofomo.com/blog/binder\n');
  });

  it('without a selection or heading carries the page only', () => {
    const { body } = issueText(page);
    expect(body).not.toContain('选中的文字');
    expect(body).not.toContain('小节');
  });

  it('quotes the selected text and names the heading with its anchor', () => {
    const { body } = issueText({ ...page, selection: '第一行\n第二行', heading: { text: '为什么是 ioctl', id: '为什么是-ioctl' } });
    expect(body).toContain(`网址：https://www.iofomo.com/blog/binder#${encodeURIComponent('为什么是-ioctl')}`);
    expect(body).toContain('小节：为什么是 ioctl');
    expect(body).toContain('> 第一行\n> 第二行');
  });

  it('cuts a long selection so the address stays short', () => {
    const { body } = issueText({ ...page, selection: '字'.repeat(MAX_SELECTION + 50) });
    expect(body).toContain(`${'字'.repeat(MAX_SELECTION)}…`);
    expect(body).not.toContain('字'.repeat(MAX_SELECTION + 1));
  });
});

describe('在 AI 中打开', () => {
  const markdownUrl = 'https://www.iofomo.com/blog/binder.md';
  const links = assistantLinks('深入 Binder 拦截', markdownUrl);

  it('offers ChatGPT, Claude and the assistants Chinese readers use', () => {
    expect(links.map((l) => l.name)).toEqual(['ChatGPT', 'Claude', 'DeepSeek', 'Kimi', '豆包', '通义']);
  });

  it('puts the prompt in the address where the assistant documents a parameter, pointing at the Markdown version', () => {
    for (const link of links.filter((l) => !l.copy)) {
      const assistant = ASSISTANTS.find((a) => a.name === link.name)!;
      const prompt = new URL(link.href).searchParams.get(assistant.promptParameter!);
      expect(prompt).toContain(markdownUrl);
      expect(link.href.startsWith(assistant.home)).toBe(true);
    }
    expect(links.filter((l) => !l.copy).map((l) => l.name)).toEqual(['ChatGPT', 'Claude']);
  });

  it('elsewhere links to the app itself, copies the prompt and says so', () => {
    for (const link of links.filter((l) => l.copy)) {
      expect(link.href).toBe(ASSISTANTS.find((a) => a.name === link.name)!.home);
      expect(link.copy).toContain(markdownUrl);
      expect(link.note).toBe(COPY_AND_OPEN_NOTE);
    }
  });
});

describe('复制本节', () => {
  const markdown = [
    '# 标题',
    '',
    '引言。',
    '',
    '## 安装 `wing`',
    '',
    '```bash',
    '# 注释不是标题',
    'pip install wing',
    '```',
    '',
    '### 检查版本',
    '',
    '运行 [wing](/docs/x) 查看。',
    '',
    '## 下一节',
    '',
    '别的内容。',
    '',
  ].join('\n');

  it('copies an h2 with its h3s and code, up to the next h2', () => {
    expect(markdownSection(markdown, '安装 wing', 2)).toBe('## 安装 `wing`\n\n```bash\n# 注释不是标题\npip install wing\n```\n\n### 检查版本\n\n运行 [wing](/docs/x) 查看。\n');
  });

  it('copies an h3 up to the next heading of its level or higher', () => {
    expect(markdownSection(markdown, '检查版本', 3)).toBe('### 检查版本\n\n运行 [wing](/docs/x) 查看。\n');
    expect(markdownSection(markdown, '下一节', 2)).toBe('## 下一节\n\n别的内容。\n');
  });

  it('matches the heading as the page shows it, and finds nothing for another', () => {
    expect(plainHeading('用 **[wing](/docs/x)** 和 `repo`')).toBe('用 wing 和 repo');
    expect(markdownSection(markdown, '不存在', 2)).toBeNull();
    expect(markdownSection(markdown, '注释不是标题', 2)).toBeNull();
  });
});

describe('复制本节 buttons in the reader HTML (gatsby/markdown/section-buttons.ts)', () => {
  it('puts a button after every h2/h3 with an id (nested too), named by its heading without the anchor', () => {
    const anchor = h('a', { className: ['heading-anchor'], ariaHidden: 'true' }, [text('#')]);
    const tree = {
      type: 'root' as const,
      children: [
        h('h2', { id: '安装' }, [text('安装 '), h('code', {}, [text('wing')]), anchor]),
        h('p', {}, [text('正文')]),
        h('div', {}, [h('h3', { id: '检查' }, [text('检查')])]),
        h('h4', { id: 'x' }, [text('更小')]),
      ],
    };
    rehypeSectionButtons()(tree as never);
    const tags = tree.children.map((c) => (c as { tagName: string }).tagName);
    expect(tags).toEqual(['h2', 'button', 'p', 'div', 'h4']);
    const button = tree.children[1] as ReturnType<typeof h>;
    expect(button.properties).toMatchObject({ type: 'button', className: ['copy-button', 'copy-section'], ariaLabel: '复制本节：安装 wing' });
    expect(textContent(button)).toBe('复制本节');
    expect(((tree.children[3] as ReturnType<typeof h>).children as Array<{ tagName: string }>).map((c) => c.tagName)).toEqual(['h3', 'button']);
  });
});
