// Every table of the dashboard: a caption (shown, for screen readers only, or none), one row of
// column heads, the rows. In a region of its own that scrolls sideways on a narrow screen (and a
// keyboard can reach to scroll), unless `plain` (a table inside a disclosure, such as a chart's
// figures).
import type { ReactNode } from 'react';

export function DashTable(props: {
  /** What the table shows: the scrolling region's name and the caption's text. */
  label: string;
  caption?: 'shown' | 'hidden';
  /** More classes on the table (`dash-table--cards`: one card per row on a phone). */
  className?: string;
  head: readonly string[];
  /** The rows. */
  children: ReactNode;
  plain?: boolean;
}) {
  const { label, caption, className, head, children, plain } = props;
  const table = (
    <table className={plain ? className : ['dash-table', className].filter(Boolean).join(' ')}>
      {caption ? <caption className={caption === 'hidden' ? 'visually-hidden' : undefined}>{label}</caption> : null}
      <thead>
        <tr>
          {head.map((h) => (
            <th scope="col" key={h}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  if (plain) return table;
  return (
    <div className="dash-table-scroll" tabIndex={0} role="region" aria-label={label}>
      {table}
    </div>
  );
}
