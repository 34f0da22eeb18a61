// Placeholder: the application form's server side (access grant, validation, storage, mails)
// replaces this.
import type { RouterContextProvider } from 'react-router';
import { jsonError } from './http.server';

export async function submitApplicationRequest(
  _request: Request,
  _context: Readonly<RouterContextProvider>,
): Promise<Response> {
  return jsonError(401, 'Not built yet');
}
