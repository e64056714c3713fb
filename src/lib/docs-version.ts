/**
 * Docs versions. Only `current` (labelled Next) exists; the reader's choice is stored so a
 * second version can be added to the list without redesigning anything.
 */
export interface DocsVersion {
  name: string;
  label: string;
  path: string;
  mainDocId: string;
}

export function preferredVersion(stored: string | null, versions: readonly DocsVersion[]): DocsVersion {
  const first = versions[0];
  if (!first) throw new Error('至少需要一个文档版本');
  return versions.find((v) => v.name === stored) ?? first;
}
