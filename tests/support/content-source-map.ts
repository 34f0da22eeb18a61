// Content Source Maps for the Sanity stand-in: what the real query API answers with
// `?resultSourceMap=…` beside a result, so that @sanity/client can stega-encode it. For every text
// of the result the map names the document and the path it came from (the format of
// https://www.sanity.io/docs/content-source-maps: `documents`, `paths`, `mappings`).
//
// groq-js keeps no provenance, so the stand-in finds it: each object of the result is matched to
// the document whose fields hold most of its texts (a span's `_key` pins its block), and each text
// to the field of that document with the same name and value. The site's queries project fields
// under their own names, which makes the match exact for them; a query that renames a field to
// a value found nowhere under that name falls back to any field holding the value.

export interface SourceDocument {
  /** The id the document has in the dataset (`drafts.x` for a draft shown by the drafts perspective). */
  _id: string;
  _type: string;
}

export interface ContentSourceMap {
  documents: SourceDocument[];
  paths: string[];
  mappings: Record<string, { type: 'value'; source: { type: 'documentValue'; document: number; path: number } }>;
}

type Segment = string | number | { _key: string };

const escapeKey = (key: string) =>
  key.replace(/[\f\n\r\t'\\]/g, (c) => `\\${{ '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't' }[c] ?? c}`);

/** `$['a'][0]['b']`, or `$['a'][?(@._key=='k')]['b']` for keyed array items. */
export function jsonPath(path: Segment[]): string {
  return `$${path
    .map((s) =>
      typeof s === 'number'
        ? `[${s}]`
        : typeof s === 'string'
          ? `['${escapeKey(s)}']`
          : `[?(@._key=='${escapeKey(s._key)}')]`,
    )
    .join('')}`;
}

interface Occurrence {
  doc: number;
  path: Segment[];
  key: string | undefined;
}

/** Every text of every document, by value. */
function indexTexts(documents: Record<string, unknown>[], keyedArrays: boolean) {
  const byValue = new Map<string, Occurrence[]>();
  const visit = (value: unknown, doc: number, path: Segment[], key: string | undefined) => {
    if (typeof value === 'string') {
      let list = byValue.get(value);
      if (!list) byValue.set(value, (list = []));
      list.push({ doc, path, key });
    } else if (Array.isArray(value)) {
      value.forEach((item: unknown, i) => {
        const itemKey = (item as { _key?: unknown } | null)?._key;
        visit(item, doc, [...path, keyedArrays && typeof itemKey === 'string' ? { _key: itemKey } : i], key);
      });
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) visit(v, doc, [...path, k], k);
    }
  };
  documents.forEach((d, i) => visit(d, i, [], undefined));
  return byValue;
}

/**
 * The source map of `result`, evaluated over `documents` (as the perspective showed them; each
 * with `_originalId` where the perspective changed its id).
 */
export function contentSourceMap(
  result: unknown,
  documents: Record<string, unknown>[],
  { keyedArrays }: { keyedArrays: boolean },
): ContentSourceMap {
  const texts = indexTexts(documents, keyedArrays);
  const map: ContentSourceMap = { documents: [], paths: [], mappings: {} };
  const docIndex = new Map<number, number>();
  const pathIndex = new Map<string, number>();

  const record = (resultPath: (string | number)[], occurrence: Occurrence) => {
    let d = docIndex.get(occurrence.doc);
    if (d === undefined) {
      const source = documents[occurrence.doc]!;
      d = map.documents.push({ _id: String(source._originalId ?? source._id), _type: String(source._type) }) - 1;
      docIndex.set(occurrence.doc, d);
    }
    const path = jsonPath(occurrence.path);
    let p = pathIndex.get(path);
    if (p === undefined) {
      p = map.paths.push(path) - 1;
      pathIndex.set(path, p);
    }
    map.mappings[jsonPath(resultPath)] = { type: 'value', source: { type: 'documentValue', document: d, path: p } };
  };

  const walk = (value: unknown, resultPath: (string | number)[], parentDoc: number | undefined) => {
    if (Array.isArray(value)) {
      value.forEach((item: unknown, i) => walk(item, [...resultPath, i], parentDoc));
      return;
    }
    if (!value || typeof value !== 'object') {
      if (typeof value === 'string') {
        const found = texts.get(value) ?? [];
        const occurrence = found.find((o) => o.doc === parentDoc) ?? found[0];
        if (occurrence) record(resultPath, occurrence);
      }
      return;
    }
    const entries = Object.entries(value);
    // The document this object comes from: the one holding most of its texts under the same names.
    const votes = new Map<number, number>();
    for (const [k, v] of entries)
      if (typeof v === 'string')
        for (const doc of new Set((texts.get(v) ?? []).filter((o) => o.key === k).map((o) => o.doc)))
          votes.set(doc, (votes.get(doc) ?? 0) + 1);
    let doc = parentDoc;
    const best = Math.max(0, ...votes.values());
    if (best > 0 && !(parentDoc !== undefined && votes.get(parentDoc) === best))
      doc = [...votes].find(([, count]) => count === best)![0];
    for (const [k, v] of entries) {
      if (typeof v !== 'string') {
        walk(v, [...resultPath, k], doc);
        continue;
      }
      const found = texts.get(v) ?? [];
      const occurrence =
        found.find((o) => o.doc === doc && o.key === k) ??
        found.find((o) => o.key === k) ??
        found.find((o) => o.doc === doc) ??
        found[0];
      if (occurrence) record([...resultPath, k], occurrence);
    }
  };
  walk(result, [], undefined);
  return map;
}
