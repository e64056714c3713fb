import type { ComponentProps } from 'react';
import { Callout } from './Callout';
import { CodeBlock } from './CodeBlock';
import { MdxLink } from './MdxLink';

function Table(props: ComponentProps<'table'>) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="表格（可横向滚动）">
      <table {...props} />
    </div>
  );
}

/** Components available in every MDX file without an import. */
export const mdxComponents = {
  a: MdxLink,
  pre: CodeBlock,
  table: Table,
  Callout,
};
