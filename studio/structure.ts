// Desk structure: the singletons first (opened directly, no list), then one list per type.
import type { StructureResolver } from 'sanity/structure';
import { SINGLETONS } from '../schemas';

const singleton = (S: Parameters<StructureResolver>[0], type: string, id: string, title: string) =>
  S.listItem().title(title).id(id).child(S.document().schemaType(type).documentId(id).title(title));

export const structure: StructureResolver = (S) =>
  S.list()
    .title('Inhalte')
    .items([
      singleton(S, 'landingPage', SINGLETONS.landingPage, 'Startseite'),
      singleton(S, 'siteSettings', SINGLETONS.siteSettings, 'Website-Einstellungen'),
      singleton(S, 'decisionMails', SINGLETONS.decisionMails, 'E-Mails zur Entscheidung'),
      S.divider(),
      S.documentTypeListItem('programme').title('Programme'),
      S.documentTypeListItem('horseCase').title('Pferde (Vorher – Nachher)'),
      S.documentTypeListItem('mediaReference').title('Medienreferenzen'),
      S.documentTypeListItem('questionCard').title('Fragekarten „Ist es wahr, dass …“'),
      S.documentTypeListItem('learningSlide').title('Folien „Ich zeige dir wie“'),
      S.documentTypeListItem('faqItem').title('Häufige Fragen'),
      S.divider(),
      S.documentTypeListItem('legalPage').title('Rechtstexte'),
    ]);
