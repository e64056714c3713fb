import { formatReadingTime, readingMinutes, readingStats } from '../../src/lib/reading-time';

describe('reading time for Chinese', () => {
  it('counts CJK characters at 350 per minute', () => {
    expect(readingMinutes('字'.repeat(700))).toBe(2);
    expect(readingMinutes('字'.repeat(701))).toBe(3);
  });

  it('counts Latin words separately from Chinese in mixed text', () => {
    const stats = readingStats('Binder 是 Android 的 IPC 机制，使用 ioctl 调用 BINDER_WRITE_READ。');
    expect(stats.latinWords).toBe(5);
    expect(stats.cjkChars).toBe(8);
  });

  it('counts code blocks by lines, not as prose', () => {
    const code = ['```java', ...Array.from({ length: 50 }, (_, i) => `int a${i} = ${i}; // 注释`), '```'].join('\n');
    const stats = readingStats(`前言${'\n'}${code}${'\n'}结尾`);
    expect(stats.codeLines).toBe(50);
    expect(stats.cjkChars).toBe(4);
    expect(stats.minutes).toBe(3);
  });

  it('ignores link targets, images, JSX tags and imports', () => {
    const stats = readingStats('import X from \'./x\'\n[文档](https://example.com/very/long/path) ![示意图](./a.png) <Callout type="tip">提示</Callout>');
    expect(stats.latinWords).toBe(0);
    expect(stats.cjkChars).toBe(4);
  });

  it('is at least one minute and formats in Chinese', () => {
    expect(readingMinutes('')).toBe(1);
    expect(formatReadingTime(5)).toBe('阅读需 5 分钟');
  });
});
