import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { MessagePage } from '~/components/MessagePage';
import { ERROR_PAGE_COPY as COPY } from '~/copy/landing';
import { pageMeta } from '~/lib/seo';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => pageMeta({ title: COPY.notFoundTitle, path: '/404', noindex: true });

export default function NotFound() {
  return <MessagePage title={COPY.notFoundTitle} text={COPY.notFoundText} />;
}
