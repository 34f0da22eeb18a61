// The content a page's HTML is rendered from, handed by its loader to the server's render
// (web/entry.server.tsx provides it to the page) past the route data: what only the HTML shows is
// then never serialized for the browser as well (see web/components/Static.tsx).
import { createContext } from 'react-router';

/** null: the page has nothing for its render only (every page but the landing page). */
export const renderedContentContext = createContext<unknown>(null);
