// The team's application filters from a request's query (?type=, ?status=, ?q=), for the list, its
// CSV export and the live event stream alike.
import { APPLICATION_API_MESSAGES } from '~/copy/dashboard';
import { applicationFilter, type ApplicationFilter } from '~/lib/applications';
import { HttpError, jsonError } from '../http/http.server';

/** The query's filter; a 400 naming the bad fields (thrown as HttpError) otherwise. */
export function filterFromQuery(request: Request): ApplicationFilter {
  const filter = applicationFilter.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!filter.success) {
    throw new HttpError(
      jsonError(400, APPLICATION_API_MESSAGES.invalidFilter, { fields: filter.error.issues.map((i) => i.path[0]) }),
    );
  }
  return filter.data;
}
