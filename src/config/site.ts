/**
 * The whole site configuration in one typed object: identity, navbar, footer, announcement.
 * Components render from it; nothing about menus or links is hard-coded elsewhere.
 */

export interface NavbarLinkItem {
  label: string;
  href: string;
  position: 'left' | 'right';
  className?: string;
  /** Hover content of a direct link (the 博客 item), still a link when clicked. */
  isPopover?: false;
  popover?: PopoverConfig;
}

export interface PopoverEntry {
  label: string;
  description: string;
  href: string;
}

/** A product in the navbar's tool lists; names and keywords also feed site search. */
export interface ToolEntry extends PopoverEntry {
  /** Other names readers use for it (its Chinese name, an earlier name). */
  aliases?: string[];
  /** Words readers search for it with; its Introduce page ranks first for them. */
  keywords?: string[];
}

export interface PopoverConfig {
  /** 'wide' = 672 px two-column grid, 'narrow' = 336 px single column. */
  width: 'wide' | 'narrow';
  items: PopoverEntry[];
}

export interface NavbarPopoverItem {
  label: string;
  position: 'left' | 'right';
  className?: string;
  isPopover: true;
  width: 'wide' | 'narrow';
  items: PopoverEntry[];
  href?: undefined;
}

export type NavbarItem = NavbarLinkItem | NavbarPopoverItem;

export interface FooterGroup {
  title: string;
  items: Array<{ label: string; to: string }>;
}

export interface AnnouncementConfig {
  /** Changing the id shows the bar again to readers who dismissed the previous one. */
  id: string;
  content: string;
  href?: string;
  dismissible: boolean;
}

export interface CodeHost {
  name: 'GitHub' | 'Gitee';
  href: string;
}

export interface SiteConfig {
  title: string;
  tagline: string;
  description: string;
  /** Canonical origin of the production site, without trailing slash. */
  url: string;
  /** Path prefix the site is served under ("/" at the root, "/fomosite" on a project page). */
  baseUrl: string;
  locales: readonly ['zh'];
  htmlLang: string;
  navbar: NavbarItem[];
  codeHosts: CodeHost[];
  /** Link in every popover's footer: the code-hosting page to star. */
  starLink: { label: string; href: string };
  footer: { groups: FooterGroup[]; copyright: string; icp: { label: string; href: string } };
  announcement: AnnouncementConfig | null;
  /** Base of the "edit this page" links: the docs source folder in the public repository. */
  editUrlBase: string;
  docsVersion: { name: 'current'; label: string; path: string; mainDocId: string };
}

export const desktopTools: ToolEntry[] = [
  { label: 'Wing', description: '轻量快捷的团队开发协作工具', href: '/docs/desktop/wing/Introduce', keywords: ['多仓库管理', '代码同步', 'manifest'] },
  { label: 'Cabin', description: '桌面端虚拟化沙箱', href: '/docs/desktop/cabin/Introduce', keywords: ['沙箱', '桌面虚拟化'] },
  { label: 'Tinyui', description: '极简桌面端跨平台应用框架', href: '/docs/desktop/tinyui/Introduce', keywords: ['tkinter', 'Python 桌面应用', 'GUI'] },
  { label: 'MobTools', description: '操作移动设备的工具集', href: '/docs/desktop/mobtools/Introduce', keywords: ['应用签名', 'APK 签名', 'IPA 签名', 'adb 工具箱'] },
];

export const mobileTools: ToolEntry[] = [
  { label: 'Binderceptor', description: 'Android 平台 Binder 通信拦截框架', href: '/docs/mobile/binderceptor/Introduce', keywords: ['Binder 拦截', 'ioctl', 'IPC'] },
  { label: 'Konker', description: 'Android 平台应用多开框架（空壳）', href: '/docs/mobile/konker/Introduce', aliases: ['空壳'], keywords: ['应用分身', '应用双开'] },
  { label: 'Packit', description: 'Android 和 iOS 应用包二次开发框架', href: '/docs/mobile/packit/Introduce', keywords: ['重打包', '插件加载'] },
  { label: 'VoiceWise', description: '语音工具', href: '/docs/mobile/voicewise/Introduce', keywords: ['语音识别', '语音合成'] },
];

export const serviceTools: ToolEntry[] = [
  { label: 'Publishing', description: '移动平台应用分发服务', href: '/docs/services/publishing/Introduce', keywords: ['测试包分发', '内测分发'] },
  { label: 'UDID', description: 'iOS 设备序列号获取服务', href: '/docs/services/udid/Introduce', keywords: ['iPhone 序列号'] },
  { label: 'TestBot', description: '应用自动化测试服务', href: '/docs/services/testbot/Introduce', keywords: ['UI 自动化'] },
  { label: 'Keener', description: '计划中的云端多开服务', href: '/docs/services/keener/Introduce', aliases: ['Glacier'], keywords: ['云手机', '云端多开'] },
  { label: 'Infiling', description: '个人博客站点搭建', href: '/docs/services/infiling/Introduce', keywords: ['Hugo', '个人博客', '静态站点'] },
];

export const siteConfig: SiteConfig = {
  title: 'iofomo',
  tagline: '开源的开发者工具：桌面端、移动端与服务',
  description: 'iofomo 是一个开源组织，专注移动端与桌面端的沙箱、虚拟化、逆向与开发效率工具。这里是它们的文档与技术博客。',
  url: 'https://www.iofomo.com',
  baseUrl: '/',
  locales: ['zh'],
  htmlLang: 'zh-Hans',
  navbar: [
    { label: '桌面端', position: 'left', isPopover: true, width: 'wide', items: desktopTools },
    { label: '移动端', position: 'left', isPopover: true, width: 'wide', items: mobileTools },
    { label: '服务', position: 'left', isPopover: true, width: 'wide', items: serviceTools },
    {
      label: '博客',
      href: '/blog',
      position: 'left',
      popover: {
        width: 'narrow',
        items: [
          { label: '最新文章', description: '按时间倒序浏览全部博文', href: '/blog' },
          { label: '标签', description: '按主题查找：Android、Binder、AI……', href: '/blog/tags' },
          { label: '历史博文', description: '按年份归档的全部文章', href: '/blog/archive' },
        ],
      },
    },
  ],
  codeHosts: [
    { name: 'GitHub', href: 'https://github.com/iofomo' },
    { name: 'Gitee', href: 'https://gitee.com/iofomo' },
  ],
  starLink: { label: '觉得有用？别忘了给我们点个 Star ★', href: 'https://github.com/iofomo' },
  footer: {
    groups: [
      {
        title: 'iofomo',
        items: [
          { label: '一叶一菩提，一花一世界', to: '/docs/about/Introduce' },
          { label: '文档总览', to: '/docs/intro' },
        ],
      },
      {
        title: '知识社区',
        items: [
          { label: 'CSDN', to: 'https://blog.csdn.net/chendianbo' },
          { label: '51CTO', to: 'https://blog.51cto.com/u_16282197' },
          { label: '知乎', to: 'https://www.zhihu.com/people/pang-bo-zi-75' },
        ],
      },
      {
        title: '技术社区',
        items: [
          { label: '看雪', to: 'https://bbs.kanxue.com/user-home-909890.htm' },
          { label: '掘金', to: 'https://juejin.cn/user/3424295591361992/posts' },
          { label: 'InfoQ', to: 'https://www.infoq.cn/profile/872DAFF5518221/publish' },
        ],
      },
      {
        title: '开源社区',
        items: [
          { label: 'Gitee', to: 'https://gitee.com/iofomo' },
          { label: 'GitHub', to: 'https://github.com/iofomo' },
          { label: 'OSChina', to: 'https://my.oschina.net/u/7011421' },
        ],
      },
      {
        title: '更多',
        items: [
          { label: '关于我们', to: '/docs/about/Introduce' },
          { label: '隐私协议', to: '/docs/about/privacy' },
          { label: '联系我们', to: '/docs/about/contact' },
        ],
      },
    ],
    copyright: `Copyright © ${new Date().getFullYear()} iofomo`,
    icp: { label: '湘ICP备2023024246号-1', href: 'https://beian.miit.gov.cn/' },
  },
  announcement: {
    id: 'docs-2026-11',
    content: '新版文档站上线：全文搜索支持中文与拼音，欢迎反馈问题。',
    href: '/docs/about/contact',
    dismissible: true,
  },
  editUrlBase: 'https://github.com/iofomo/fomosite/edit/main/content/docs',
  docsVersion: { name: 'current', label: 'Next', path: '/docs', mainDocId: 'desktop/wing/Introduce' },
};

/** Every product of the navbar's tool lists. */
export const allTools: ToolEntry[] = [...desktopTools, ...mobileTools, ...serviceTools];

/** `desktop/wing` → `Wing`, from the navbar's tool lists (one source for names). */
export function toolNameForKey(key: string): string | undefined {
  const href = `/docs/${key}/Introduce`;
  return [...desktopTools, ...mobileTools, ...serviceTools].find((tool) => tool.href === href)?.label;
}
