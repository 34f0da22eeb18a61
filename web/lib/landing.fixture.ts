// A small landing-page content fixture for unit tests (never imported by the app).
import type { LandingContent, PortableTextBlock, ResponsiveImage } from './content-types';

export const image = (name: string, alt = name): ResponsiveImage => ({
  alt,
  width: 1200,
  height: 800,
  key: name,
  widths: [640, 1200],
  placeholder: '#d9cfbd',
});

export const blocks = (text: string): PortableTextBlock[] => [
  {
    _type: 'block',
    _key: text.slice(0, 8),
    style: 'normal',
    markDefs: [],
    children: [{ _type: 'span', _key: 's', text, marks: [] }],
  },
];

const texts = (title: string) => ({ title, eyebrow: `${title} Eyebrow`, intro: `${title} Intro`, cta: `${title} CTA` });
const numbers = ['01', '02', '03', '04', '05'] as const;

export const landingFixture: LandingContent = {
  settings: {
    siteTitle: 'Bewegungscoaching',
    siteDescription: 'Bewegungscoaching für Pferd und Reiter.',
    founderName: 'Anna Beispiel',
    tagline: 'Reite im Einklang',
    quote: 'Im Takt mit dem Pferd.',
    quoteAuthor: 'Anna Beispiel',
    signature: image('signature'),
    seal: image('seal', 'Siegel'),
    portrait: image('portrait', 'Porträt'),
    biographyTitle: 'Über mich',
    biography: blocks('Ich bin Spezialistin für Pferd- und Reiterbewegung.'),
    photoNetwork: { label: 'Folge mir auf Instagram', url: 'https://www.instagram.com/example' },
    heroVideo: { youtubeId: 'abcdefghijk', title: 'Video', thumbnail: image('thumb', 'Vorschaubild') },
    groupLinks: { reiter: 'https://chat.whatsapp.com/r', trainer: 'https://chat.whatsapp.com/t' },
    communityPrice: 0,
    operator: {
      name: 'Anna Beispiel',
      businessName: 'Bewegungscoaching Anna Beispiel',
      street: 'Weg 1',
      postalCode: '12345',
      city: 'Berlin',
      country: 'DE',
      email: 'hallo@example.org',
    },
    shareImage: image('share', 'Teilen'),
  },
  sections: {
    showcase: texts('Synchronität'),
    video: texts('Video'),
    beforeAfter: texts('Vorher Nachher'),
    media: texts('Presse'),
    questions: texts('Ist es wahr, dass'),
    learning: texts('Ich zeige dir wie'),
    switch: {
      ...texts('Community'),
      riderLabel: 'Reiterin',
      trainerLabel: 'Trainerin',
      riderText: 'Für Reiterinnen',
      trainerText: 'Für Trainerinnen',
    },
    faq: texts('FAQ'),
  },
  programmes: numbers.map((number, i) => ({
    number,
    title: `Programm ${number}`,
    description: blocks(`Beschreibung ${number}`),
    duration: ['10 Tage', '10 Tage', '6 Monate', '12 Monate', 'ab 3 Monaten'][i]!,
  })),
  horses: [1, 2, 3, 4, 5].map((n) => ({
    name: `Pferd ${n}`,
    age: `${n + 5} Jahre`,
    beforeImage: image(`before-${n}`, `Pferd ${n} vorher`),
    afterImage: image(`after-${n}`, `Pferd ${n} nachher`),
    beforeText: `Vorher-Text ${n}`,
    afterText: `Nachher-Text ${n}`,
  })),
  mediaReferences: [1, 2, 3, 4].map((n) => ({ outlet: `Magazin ${n}`, title: `Artikel ${n}`, excerpt: `Auszug ${n}` })),
  questions: [1, 2, 3].map((n) => ({ question: `Frage ${n}?`, answer: `Antwort ${n}` })),
  learningSlides: [1, 2, 3, 4].map((n) => ({ title: `Lektion ${n}`, text: `Text ${n}` })),
  faq: [1, 2, 3, 4, 5].map((n) => ({ question: `FAQ-Frage ${n}?`, answer: blocks(`FAQ-Antwort ${n}`) })),
};
