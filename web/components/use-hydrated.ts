import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true from the next render on: what a
 * component can only offer once its own code runs in the browser (a disabled state that scripts
 * clear, a focus move) waits for this.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
