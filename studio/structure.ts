// Desk structure: the singletons first (opened directly, no list), then one list per type. The
// titles are shared with the dashboard's directions into the Studio (schemas/studio-paths.ts).
import type { StructureResolver } from 'sanity/structure';
import { SINGLETONS } from '../schemas';
import { DESK_TITLES as T } from '../schemas/studio-paths';

const singleton = (S: Parameters<StructureResolver>[0], type: string, id: string, title: string) =>
  S.listItem().title(title).id(id).child(S.document().schemaType(type).documentId(id).title(title));

export const structure: StructureResolver = (S) =>
  S.list()
    .title('Inhalte')
    .items([
      singleton(S, 'landingPage', SINGLETONS.landingPage, T.landingPage),
      singleton(S, 'siteSettings', SINGLETONS.siteSettings, T.siteSettings),
      singleton(S, 'decisionMails', SINGLETONS.decisionMails, T.decisionMails),
      S.divider(),
      S.documentTypeListItem('programme').title(T.programme),
      S.documentTypeListItem('horseCase').title(T.horseCase),
      S.documentTypeListItem('mediaReference').title(T.mediaReference),
      S.documentTypeListItem('questionCard').title(T.questionCard),
      S.documentTypeListItem('learningSlide').title(T.learningSlide),
      S.documentTypeListItem('faqItem').title(T.faqItem),
      S.divider(),
      S.documentTypeListItem('legalPage').title(T.legalPage),
      S.divider(),
      S.documentTypeListItem('newsletter').title(T.newsletter),
    ]);
