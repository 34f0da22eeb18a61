import type { Route } from './+types/agb';
import { LegalPage } from '~/components/LegalPage';
import { pageMeta } from '~/lib/seo';
import { getLegalPage, getSiteSettings } from '~/server/content.server';
import { publicUrlConfig } from '~/server/config.server';

// Runs at build time: /agb is prerendered.
export async function loader() {
  const [page, settings] = await Promise.all([getLegalPage('agb'), getSiteSettings()]);
  const owner = settings.operator.businessName ?? settings.siteTitle;
  return { page, description: `${page.title}: ${owner}. ${settings.siteDescription}`, publicUrl: publicUrlConfig() };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data
    ? pageMeta({ title: data.page.title, description: data.description, path: '/agb', publicUrl: data.publicUrl })
    : [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage page={loaderData.page} />;
}
