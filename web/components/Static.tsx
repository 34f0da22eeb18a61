// Content the server renders and the browser keeps as it is.
//
// Most of the landing page is text and images that no script changes: only its controls need React
// in the browser. A <Static> element renders its children where the content is at hand (the server,
// and an editor's preview, whose route data carries the drafts); in the browser otherwise it adopts
// the server's HTML as it stands. React never compares or sets the inner HTML of such an element
// after hydration, so the route data need not carry that content a second time (the HTML holds it),
// and the page's document stays small. Controls around it hydrate as usual.
import { createContext, useContext, useId, useMemo, type HTMLAttributes, type ReactNode } from 'react';

/** Whether this render has the page's content: true on the server, set by the page in the browser. */
const ContentAtHand = createContext(true);

/** Marks what follows as rendered with (`value` true) or without the page's content. */
export const StaticContent = ContentAtHand.Provider;

/** The content the server renders a page from, outside its route data (never in the browser). */
const ServerContent = createContext<unknown>(undefined);
/** Used by the server's render (web/entry.server.tsx) with what the page's loader handed it. */
export const ServerContentProvider = ServerContent.Provider;
/** The page's content on the server; undefined in the browser. */
export const useServerContent = <T,>() => useContext(ServerContent) as T | undefined;

type StaticTag = 'div' | 'span' | 'section' | 'article' | 'header' | 'footer' | 'nav' | 'ul' | 'p' | 'a' | 'label';

export interface StaticProps extends HTMLAttributes<HTMLElement> {
  /** The element that holds the content (default `div`); its attributes must not depend on the content. */
  as?: StaticTag;
  href?: string;
  children?: ReactNode;
}

export function Static({ as: Tag = 'div', children, ...attributes }: StaticProps) {
  const id = useId();
  if (useContext(ContentAtHand))
    return (
      <Tag data-static={id} {...attributes}>
        {children}
      </Tag>
    );
  return <Kept as={Tag} id={id} attributes={attributes} />;
}

function Kept({ as: Tag, id, attributes }: { as: StaticTag; id: string; attributes: HTMLAttributes<HTMLElement> }) {
  // Hydration adopts the element with its inner HTML untouched. The string itself matters only if
  // React ever creates this element anew: when it recovers from a hydration error elsewhere it
  // renders the page again while the server's HTML is still in the document, and finds it here.
  const html = useMemo(() => ({ __html: document.querySelector(`[data-static="${id}"]`)?.innerHTML ?? '' }), [id]);
  return <Tag data-static={id} {...attributes} dangerouslySetInnerHTML={html} suppressHydrationWarning />;
}
