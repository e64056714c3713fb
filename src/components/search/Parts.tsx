import type { Part } from '../../lib/search/rank';

/** Text with the matched words in <mark> (rendered as text, never as HTML). */
export function Parts({ parts }: { parts: Part[] }) {
  return <>{parts.map((part, k) => (part.match ? <mark key={k}>{part.text}</mark> : <span key={k}>{part.text}</span>))}</>;
}
