// The team's application filters from a request's query (?type=, ?status=, ?q=), for the list, its
// CSV export and the live event stream alike.
import { APPLICATION_API_MESSAGES } from '~/copy/dashboard';
import { applicationFilter, type ApplicationFilter } from '~/lib/applications';
import { fail, ok, type Result } from '../result.server';

/** The query's filter; 'invalid' naming the bad fields otherwise. */
export function filterFromQuery(request: Request): Result<ApplicationFilter> {
  const filter = applicationFilter.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!filter.success) {
    return fail('invalid', APPLICATION_API_MESSAGES.invalidFilter, {
      fields: filter.error.issues.map((i) => i.path[0]),
    });
  }
  return ok(filter.data);
}
