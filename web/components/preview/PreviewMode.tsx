// What a page shows only in the editor's preview, loaded only there (root.tsx imports this module
// lazily, so public pages never load it): Sanity's Visual Editing overlay (a click on a text opens
// its field in the Studio; a saved edit reloads the page's data without reloading the page), the
// preview bar outside the Studio's frame, and, for a draft that cannot make the page yet, why.
import { VisualEditing } from '@sanity/visual-editing/react-router';
import { useSyncExternalStore } from 'react';
import { PREVIEW_COPY, PREVIEW_DISABLE_PATH } from '~/copy/preview';
import './preview.css';

const unchanging = () => () => {};
/** Inside the Studio's frame (the server cannot know; assume so until the browser says). */
const useFramed = () =>
  useSyncExternalStore(
    unchanging,
    () => window.self !== window.top,
    () => true,
  );

export default function PreviewMode({ problem }: { problem?: string }) {
  const framed = useFramed();
  return (
    <>
      {problem && (
        <main className="page-message draft-notice">
          <h1>{PREVIEW_COPY.problemTitle}</h1>
          <p>{problem}</p>
          <p>{PREVIEW_COPY.problemHint}</p>
        </main>
      )}
      {!framed && (
        <aside className="preview-bar" aria-label={PREVIEW_COPY.barLabel}>
          {PREVIEW_COPY.bar} · <a href={PREVIEW_DISABLE_PATH}>{PREVIEW_COPY.end}</a>
        </aside>
      )}
      <VisualEditing />
    </>
  );
}
