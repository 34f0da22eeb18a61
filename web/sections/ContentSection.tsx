import type { ReactNode } from 'react';
import { Static } from '~/components/Static';
import type { SectionTexts } from '~/lib/content-types';
import { SectionHeader } from './SectionHeader';
import './section.css';

/**
 * A landing-page section of content only, which the browser keeps as the server rendered it (see
 * web/components/Static.tsx). `name` gives its class and its title's id (`name-title`); its header
 * and what `children` draws of `content` show where the content is at hand.
 */
export function ContentSection<Content extends { texts: SectionTexts }>({
  name,
  narrow = false,
  content,
  children,
}: {
  name: string;
  narrow?: boolean;
  content: Content | undefined;
  children: (content: Content) => ReactNode;
}) {
  return (
    <Static as="section" className={`section ${name}`} aria-labelledby={`${name}-title`}>
      {content && (
        <div className={narrow ? 'container container--narrow' : 'container'}>
          <SectionHeader texts={content.texts} id={`${name}-title`} />
          {children(content)}
        </div>
      )}
    </Static>
  );
}
