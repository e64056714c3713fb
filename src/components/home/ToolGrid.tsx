import { css } from '@emotion/react';
import { Link } from 'gatsby';
import type { PopoverEntry } from '../../config/site';
import { c, mq } from '../../theme/tokens';

const section = css`
  margin: 0 0 40px;
  h2 {
    font-size: 1.35rem;
    margin: 0 0 4px;
  }
  > p {
    margin: 0 0 16px;
    color: ${c('textSoft')};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(230px, 1fr));
    gap: 14px;
  }
  ${mq.narrowPhone} {
    ul {
      grid-template-columns: 1fr;
    }
  }
  a {
    display: block;
    height: 100%;
    padding: 16px 18px;
    border: 1px solid ${c('border')};
    border-radius: 12px;
    background: ${c('surface')};
    color: ${c('text')};
    transition:
      border-color 0.15s,
      transform 0.15s;
  }
  a:hover {
    border-color: ${c('primary')};
    text-decoration: none;
    transform: translateY(-2px);
  }
  strong {
    display: block;
    font-size: 1.05rem;
    margin-bottom: 4px;
  }
  span {
    font-size: 14px;
    color: ${c('textSoft')};
  }
`;

export function ToolGrid({ id, title, intro, tools }: { id: string; title: string; intro: string; tools: PopoverEntry[] }) {
  return (
    <section css={section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{intro}</p>
      <ul>
        {tools.map((tool) => (
          <li key={tool.href}>
            <Link to={tool.href}>
              <strong>{tool.label}</strong>
              <span>{tool.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
