// Placeholder registered in routes.ts; the dashboard work replaces it.
const notBuilt = () => Response.json({ error: 'Not found' }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
export const loader = notBuilt;
export const action = notBuilt;
