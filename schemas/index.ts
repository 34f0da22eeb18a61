// Every schema type of the Studio, grouped: singletons (one document each), documents, objects.
import { faqItem } from './documents/faqItem';
import { horseCase } from './documents/horseCase';
import { learningSlide } from './documents/learningSlide';
import { legalPage } from './documents/legalPage';
import { mediaReference } from './documents/mediaReference';
import { newsletter } from './documents/newsletter';
import { programme } from './documents/programme';
import { questionCard } from './documents/questionCard';
import { newsletterButton } from './objects/newsletterButton';
import { landingSections, sectionTexts, switchSection } from './objects/sectionTexts';
import { communityGroup, heroVideo, operator, operatorDetails, photoNetwork } from './objects/settingsParts';
import { decisionMails, decisionMailText, decisionMailVariant } from './singletons/decisionMails';
import { landingPage } from './singletons/landingPage';
import { siteSettings } from './singletons/siteSettings';

/** Document types that exist exactly once, with fixed ids (the desk structure opens them directly). */
export const SINGLETONS = {
  siteSettings: 'siteSettings',
  landingPage: 'landingPage',
  decisionMails: 'decisionMails',
} as const;

export const singletonTypes = [siteSettings, landingPage, decisionMails];
export const documentTypes = [
  programme,
  horseCase,
  mediaReference,
  questionCard,
  learningSlide,
  faqItem,
  legalPage,
  newsletter,
];
export const objectTypes = [
  sectionTexts,
  switchSection,
  landingSections,
  photoNetwork,
  heroVideo,
  communityGroup,
  operator,
  operatorDetails,
  decisionMailText,
  decisionMailVariant,
  newsletterButton,
];

export const schemaTypes = [...singletonTypes, ...documentTypes, ...objectTypes];
