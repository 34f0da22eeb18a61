// Unknown API paths answer JSON, not the HTML 404 page.
const notFound = () => Response.json({ error: 'Not found' }, { status: 404 });
export const loader = notFound;
export const action = notFound;
