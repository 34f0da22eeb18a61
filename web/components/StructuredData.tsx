// schema.org JSON-LD blocks in the page's body (search engines read them there as in the head). In a
// <Static> element: the server writes them, the browser keeps them and never needs their data.
import { Static } from './Static';

/** JSON for a <script> element: `<` escaped, so no text can close the element early. */
const scriptJson = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c');

/** `data`: the objects, where the content is at hand (see web/components/Static.tsx). */
export function StructuredData({ data }: { data: object[] | undefined }) {
  return (
    <Static hidden>
      {data?.map((item, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(item) }} />
      ))}
    </Static>
  );
}
