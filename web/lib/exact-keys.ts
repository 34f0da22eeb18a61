// Compile-time checks that a record of web/copy names exactly the kinds web/lib defines (copy may
// not import lib, so lib checks copy): `type _Check = Assert<ExactKeys<typeof RECORD, Kind>>;` next
// to the kind. A missing or an extra key fails `npm run typecheck`, naming the keys. Types only: the
// check imports the copy with `import type` and adds nothing to a bundle.

/** `true` when T has exactly the keys K; otherwise the keys missing from T and the extra ones. */
export type ExactKeys<T, K extends PropertyKey> = [Exclude<K, keyof T>, Exclude<keyof T, K>] extends [never, never]
  ? true
  : { missing: Exclude<K, keyof T>; extra: Exclude<keyof T, K> };

/** Compiles only when T is `true`. */
export type Assert<T extends true> = T;
