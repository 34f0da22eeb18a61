// Interface text with the page's typography (~/lib/typography): words that must not break at their
// hyphen ("E-Mail") are kept on one line. Portable Text gets the same in ./RichTextRenderer.
import type { ReactNode } from 'react';
import { unbreakableRuns } from '~/lib/typography';

/** `children` as runs; a run that must stay on one line in a `nowrap` span (the text is unchanged). */
export function Typeset({ children }: { children: string }) {
  const runs = unbreakableRuns(children);
  if (runs.length === 1 && !runs[0]!.keep) return runs[0]!.text;
  return runs.map((run, i) =>
    run.keep ? (
      <span key={i} className="nowrap">
        {run.text}
      </span>
    ) : (
      run.text
    ),
  );
}

/** The same for a node that may be a string (labels, hints, messages handed to a component). */
export const typesetNode = (node: ReactNode): ReactNode =>
  typeof node === 'string' ? <Typeset>{node}</Typeset> : node;
