// Portable Text as the pages show it (programme descriptions, biography, FAQ answers, legal pages).
// The server renders it into the page's HTML, which the browser keeps (<Static>, see
// web/components/Static.tsx); the browser renders it itself only in an editor's preview. So the
// renderer (./RichTextRenderer, with @portabletext/react) is a module of its own, loaded where it is
// first rendered: never with a public page in the browser. (On the server the first render waits
// for it once; a component that suspends outside a Suspense boundary holds the page until it is in.)
import { lazy } from 'react';

export const RichText = lazy(() =>
  import('./RichTextRenderer').then((module) => ({ default: module.RichTextRenderer })),
);
