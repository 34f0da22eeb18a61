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

export interface SignupLoadOptions {
  /** Parallel clients (default 16). */
  workers?: number;
  /** The JSON body for a signup's id (default `signupBody(id)`). */
  body?: (id: string) => string;
  /** Further headers, made for each request (e.g. an `X-Forwarded-For` of its own behind TRUST_PROXY). */
  headers?: () => Record<string, string>;
}

/**
 * Sends signups from parallel clients until the server stops answering (a refused or reset
 * connection, or a 5xx); `onAck` hears the id of each one answered 201. For crash tests: kill the
 * server while this runs, then look for every acknowledged id.
 */
export function signupLoad(baseUrl: string, onAck: (id: string) => void, options: SignupLoadOptions = {}) {
  const { workers = 16, body = signupBody, headers = () => ({}) } = options;
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      const id = crypto.randomUUID();
      try {
        const res = await fetch(`${baseUrl}/api/signups`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers() },
          body: body(id),
        });
        if (res.status === 201) onAck(id);
        else if (res.status >= 500) throw new Error(`server answered ${res.status}`);
        await res.arrayBuffer();
      } catch {
        stopped = true; // killed: the connection was refused or reset
      }
    }
  };
  return Promise.all(Array.from({ length: workers }, worker)).then(() => {});
}
