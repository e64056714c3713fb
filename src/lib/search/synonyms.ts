/**
 * The editors' synonym list (content/synonyms.yaml): groups of words a reader may use for the
 * same thing (多开 / 双开 / 分身). Validated at build time, shipped inside the index file and
 * applied to queries: a query word that belongs to a group also finds pages with any other word
 * of the group (ranked a little below pages with the word as typed).
 */
import { normalizeText } from './normalize';
import { tokenize } from './tokenize';

export type SynonymGroups = string[][];

export class SynonymError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`搜索同义词错误 ${file}：${detail}`);
    this.name = 'SynonymError';
  }
}

/** How a term is compared: NFKC, lower case, inner spaces collapsed. */
export function synonymKey(term: string): string {
  return normalizeText(term).toLowerCase().replace(/\s+/g, ' ').trim();
}

const ALLOWED_KEYS = ['groups'];
export const MAX_TERM_CHARS = 30;

/**
 * Checks the parsed file: an object whose only key is `groups`, a list of groups, each a list of
 * at least two different non-empty words (strings), no word in two groups. Every problem names the
 * file, the group (1-based) and the word. Returns the groups with words trimmed.
 */
export function validateSynonyms(data: unknown, file: string): SynonymGroups {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new SynonymError(file, '顶层必须是一个对象，只含键 groups（同义词组的列表）');
  const unknown = Object.keys(data).filter((k) => !ALLOWED_KEYS.includes(k));
  if (unknown.length) throw new SynonymError(file, `未知的键 ${unknown.map((k) => `"${k}"`).join('、')}（只允许 groups）`);
  const groups = (data as { groups?: unknown }).groups;
  if (!Array.isArray(groups)) throw new SynonymError(file, 'groups 必须是同义词组的列表，例如 - [多开, 双开, 分身]');
  if (groups.length === 0) throw new SynonymError(file, 'groups 是空的：删掉这个文件，或至少写一组同义词');
  const seen = new Map<string, number>();
  return groups.map((group: unknown, gi) => {
    const where = `第 ${gi + 1} 组`;
    if (!Array.isArray(group)) throw new SynonymError(file, `${where}必须是词的列表，例如 [多开, 双开]，现在是 ${JSON.stringify(group)}`);
    if (group.length < 2) throw new SynonymError(file, `${where} ${JSON.stringify(group)} 至少要有两个词`);
    return group.map((term: unknown) => {
      if (typeof term !== 'string') throw new SynonymError(file, `${where}中的 ${JSON.stringify(term)} 不是文字（数字、列表等请加引号写成文字）`);
      const trimmed = term.trim();
      if (!trimmed) throw new SynonymError(file, `${where}中有空词`);
      if ([...trimmed].length > MAX_TERM_CHARS) throw new SynonymError(file, `${where}中的“${trimmed}”超过 ${MAX_TERM_CHARS} 个字`);
      if (tokenize(normalizeText(trimmed)).length === 0) throw new SynonymError(file, `${where}中的“${trimmed}”没有可搜索的文字（只有标点或符号）`);
      const key = synonymKey(trimmed);
      const before = seen.get(key);
      if (before !== undefined) throw new SynonymError(file, `${where}中的“${trimmed}”重复：${before === gi ? '本组里已经有了' : `已出现在第 ${before + 1} 组`}（一个词只能属于一组）`);
      seen.set(key, gi);
      return trimmed;
    });
  });
}
