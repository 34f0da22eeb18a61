// The site a newsletter mail names, from the content this instance serves: its title, PUBLIC_URL,
// and the operator's name and postal address as the imprint shows them (site settings).
import { getConfig } from '../config.server';
import { getSiteSettings } from '../content/content.server';
import type { NewsletterSite } from './parts.server';

export async function newsletterSite(): Promise<NewsletterSite> {
  const settings = await getSiteSettings();
  const { name, businessName, street, postalCode, city, country } = settings.operator;
  return {
    publicUrl: getConfig().publicUrl,
    name: settings.siteTitle,
    operator: { name, businessName, street, postalCode, city, country },
  };
}
