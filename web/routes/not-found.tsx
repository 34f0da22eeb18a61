import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { MessagePage } from '~/components/MessagePage';
import { brandOf } from '~/components/SiteBrand';
import { ERROR_PAGE_COPY as COPY } from '~/copy/landing';
import { pageMeta } from '~/lib/seo';
import { getSiteSettings } from '~/server/content/content.server';

export async function loader() {
  return data({ brand: brandOf(await getSiteSettings()) }, { status: 404 });
}

export const meta: Route.MetaFunction = () => pageMeta({ title: COPY.notFoundTitle, path: '/404', noindex: true });

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <MessagePage title={COPY.notFoundTitle} text={COPY.notFoundText} brand={loaderData.brand} />;
}
