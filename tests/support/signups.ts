// A visitor's signup over HTTP, as the popup sends it. Plain Node (no vitest import).

/** The JSON body of POST /api/signups for a rider without newsletter, with a client-made id. */
export const signupBody = (id: string, name = 'Clara') =>
  JSON.stringify({ id, userType: 'reiter', name, email: `${id}@example.org`, newsletterOptIn: false });

/** POST /api/signups with `signupBody(id)`. */
export const postSignup = (baseUrl: string, id: string = crypto.randomUUID(), name?: string) =>
  fetch(`${baseUrl}/api/signups`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: signupBody(id, name),
  });
