// The HTML part of a newsletter mail, built the way mail developers build mails: React Email's
// components (tables with role="presentation" where a mail program needs them, the hidden
// preheader, a button that Outlook draws too), every style inline, one <style> block only for what
// inline styles cannot say (dark mode, narrow screens), a 600 px column that shrinks to 320 px. The
// body is the founder's Portable Text. Images come from our own origin only, with width, height
// and alt text; links are the ones she wrote, neither rewritten nor counted.
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { PortableText, type PortableTextComponents } from '@portabletext/react';
import { createElement, type CSSProperties, type ReactNode } from 'react';
import { NEWSLETTER_MAIL_COPY as COPY } from '~/copy/newsletter';
import { mailRendition } from '~/lib/image-urls';
import type { NewsletterButton, NewsletterImage } from '~/lib/newsletter';
import type { MailParts } from './parts.server';

/** The column: 600 px, the width every mail program shows without scrolling. */
export const MAIL_WIDTH = 600;
const PADDING = 32;
/** The widest an image is shown: the column less its padding. */
export const CONTENT_WIDTH = MAIL_WIDTH - 2 * PADDING;

const SANS = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const SERIF = "Georgia, 'Times New Roman', serif";

// The site's colours (web/styles/global.css), and their dark counterparts.
const LIGHT = {
  page: '#f4eee3',
  card: '#fbf9f5',
  text: '#26292b',
  soft: '#4a504c',
  heading: '#1f3a2e',
  link: '#7a5c22',
  line: '#ddd3c1',
  button: '#1f3a2e',
  buttonText: '#ffffff',
  note: '#e9e0cf',
};
const DARK = {
  page: '#101713',
  card: '#18221d',
  text: '#ece6da',
  soft: '#c2bcb0',
  heading: '#e2cf9f',
  link: '#e2c27f',
  line: '#3a463f',
  button: '#d8b86f',
  buttonText: '#162a21',
  note: '#26322b',
};

/**
 * What inline styles cannot say: dark colours where the mail program tells the mail it is dark
 * (Apple Mail, Outlook for Mac and iOS, Thunderbird; Outlook.com marks its own dark mode with
 * data-ogsc/data-ogsb), and a narrower padding on phones. Mail programs without either show the
 * light mail, which reads well at every width on its own.
 */
const STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { margin: 0; padding: 0; -webkit-text-size-adjust: 100%; }
a { color: ${LIGHT.link}; }
@media (prefers-color-scheme: dark) {
  .nl-page { background-color: ${DARK.page} !important; }
  .nl-card { background-color: ${DARK.card} !important; }
  .nl-text, .nl-text li { color: ${DARK.text} !important; }
  .nl-soft { color: ${DARK.soft} !important; }
  .nl-heading { color: ${DARK.heading} !important; }
  .nl-link { color: ${DARK.link} !important; }
  .nl-rule { border-top-color: ${DARK.line} !important; }
  .nl-note { background-color: ${DARK.note} !important; }
  .nl-button { background-color: ${DARK.button} !important; color: ${DARK.buttonText} !important; }
}
[data-ogsc] .nl-text, [data-ogsc] .nl-text li { color: ${DARK.text} !important; }
[data-ogsc] .nl-soft { color: ${DARK.soft} !important; }
[data-ogsc] .nl-heading { color: ${DARK.heading} !important; }
[data-ogsc] .nl-link { color: ${DARK.link} !important; }
[data-ogsb] .nl-page { background-color: ${DARK.page} !important; }
[data-ogsb] .nl-card { background-color: ${DARK.card} !important; }
[data-ogsb] .nl-note { background-color: ${DARK.note} !important; }
[data-ogsb] .nl-button { background-color: ${DARK.button} !important; }
[data-ogsc] .nl-button { color: ${DARK.buttonText} !important; }
@media (max-width: 620px) {
  .nl-card { padding: 24px 20px !important; }
  .nl-h2 { font-size: 24px !important; }
}
`
  .trim()
  .replace(/\n\s*/g, ' ');

const text: CSSProperties = {
  fontFamily: SANS,
  fontSize: '16px',
  lineHeight: '26px',
  color: LIGHT.text,
  margin: '0 0 16px',
};
const linkStyle: CSSProperties = { color: LIGHT.link, textDecoration: 'underline' };
const small: CSSProperties = { ...text, fontSize: '13px', lineHeight: '20px', color: LIGHT.soft, margin: '0 0 8px' };
const heading = (size: number, margin: string): CSSProperties => ({
  fontFamily: SERIF,
  fontSize: `${size}px`,
  lineHeight: `${Math.round(size * 1.25)}px`,
  fontWeight: 600,
  color: LIGHT.heading,
  margin,
});
const listStyle: CSSProperties = { ...text, paddingLeft: '24px', margin: '0 0 16px' };
const itemStyle: CSSProperties = { margin: '0 0 6px', paddingLeft: '4px' };

function MailImage({ value, absolute }: { value: NewsletterImage; absolute: (path: string) => string }) {
  const file = mailRendition(value.asset._id);
  const width = Math.min(CONTENT_WIDTH, file.width);
  const height = Math.round((file.height * width) / file.width);
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Img
        src={absolute(file.url)}
        width={width}
        height={height}
        alt={value.alt}
        style={{ width: '100%', maxWidth: `${width}px`, height: 'auto', borderRadius: '12px' }}
      />
    </Section>
  );
}

function MailButton({ value, absolute }: { value: NewsletterButton; absolute: (path: string) => string }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        href={absolute(value.url)}
        className="nl-button"
        style={{
          backgroundColor: LIGHT.button,
          color: LIGHT.buttonText,
          fontFamily: SANS,
          fontSize: '16px',
          fontWeight: 600,
          lineHeight: '20px',
          borderRadius: '999px',
          padding: '14px 28px',
          textDecoration: 'none',
        }}
      >
        {value.label}
      </Button>
    </Section>
  );
}

/** The body's headings and lists: their classes (for dark mode and narrow screens) and inline styles. */
const HEADINGS = {
  h2: { as: 'h2', className: 'nl-heading nl-h2', style: heading(28, '8px 0 16px') },
  h3: { as: 'h3', className: 'nl-heading', style: heading(21, '8px 0 12px') },
} as const;
const LIST = { className: 'nl-text', style: listStyle };

function components(absolute: (path: string) => string): PortableTextComponents {
  return {
    block: {
      normal: ({ children }) => (
        <Text className="nl-text" style={text}>
          {children}
        </Text>
      ),
      h2: ({ children }) => <Heading {...HEADINGS.h2}>{children}</Heading>,
      h3: ({ children }) => <Heading {...HEADINGS.h3}>{children}</Heading>,
    },
    list: {
      bullet: ({ children }) => <ul {...LIST}>{children}</ul>,
      number: ({ children }) => <ol {...LIST}>{children}</ol>,
    },
    listItem: ({ children }) => <li style={itemStyle}>{children}</li>,
    marks: {
      strong: ({ children }) => <strong>{children}</strong>,
      em: ({ children }) => <em>{children}</em>,
      link: ({ value, children }) => (
        <a href={absolute((value as { href: string }).href)} className="nl-link" style={linkStyle}>
          {children}
        </a>
      ),
    },
    types: {
      image: ({ value }) => <MailImage value={value as NewsletterImage} absolute={absolute} />,
      button: ({ value }) => <MailButton value={value as NewsletterButton} absolute={absolute} />,
    },
  };
}

function FooterLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="nl-link" style={linkStyle}>
      {children}
    </a>
  );
}

/**
 * Where Outlook for Windows (Word's HTML engine, which ignores max-width) gets a fixed 600 px table
 * around the column: render.server.ts replaces these two elements with conditional comments,
 * which React cannot write.
 */
export const OUTLOOK_COLUMN = {
  open: '<outlook-column-open></outlook-column-open>',
  close: '<outlook-column-close></outlook-column-close>',
  openComment: `<!--[if mso]><table role="presentation" align="center" width="${MAIL_WIDTH}" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->`,
  closeComment: '<!--[if mso]></td></tr></table><![endif]-->',
};

/** The whole HTML document of one newsletter mail (before React Email's render). */
export function NewsletterMailHtml({ parts }: { parts: MailParts }) {
  const { newsletter, site, absolute } = parts;
  return (
    <Html lang="de" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <meta name="format-detection" content="telephone=no, date=no, address=no, email=no" />
        <title>{parts.subject}</title>
        <style>{STYLE}</style>
      </Head>
      <body className="nl-page" style={{ backgroundColor: LIGHT.page, margin: 0, padding: 0 }}>
        {newsletter.preheader ? <Preview>{newsletter.preheader}</Preview> : null}
        <Section className="nl-page" style={{ backgroundColor: LIGHT.page, padding: '24px 8px' }}>
          {createElement('outlook-column-open')}
          <Container
            className="nl-card"
            style={{
              maxWidth: `${MAIL_WIDTH}px`,
              width: '100%',
              backgroundColor: LIGHT.card,
              borderRadius: '16px',
              padding: `${PADDING}px`,
            }}
          >
            <Text className="nl-soft" style={{ ...small, margin: '0 0 24px', letterSpacing: '0.04em' }}>
              <FooterLink href={absolute('/')}>{site.name}</FooterLink>
            </Text>
            {parts.test ? (
              <Section
                className="nl-note"
                style={{ backgroundColor: LIGHT.note, borderRadius: '12px', margin: '0 0 24px' }}
              >
                <Text
                  className="nl-text"
                  style={{ ...text, fontSize: '14px', lineHeight: '22px', margin: 0, padding: '12px 16px' }}
                >
                  {COPY.testNote}
                </Text>
              </Section>
            ) : null}
            <PortableText value={newsletter.body} components={components(absolute)} />
            <Hr className="nl-rule" style={{ borderTop: `1px solid ${LIGHT.line}`, margin: '32px 0 20px' }} />
            <Text className="nl-soft" style={small}>
              {parts.why}
            </Text>
            <Text className="nl-soft" style={small}>
              <FooterLink href={parts.unsubscribeUrl}>{COPY.unsubscribe}</FooterLink>
              {' · '}
              <FooterLink href={absolute('/imprint')}>{COPY.imprint}</FooterLink>
              {' · '}
              <FooterLink href={absolute('/datenschutz')}>{COPY.privacy}</FooterLink>
            </Text>
            <Text className="nl-soft" style={{ ...small, margin: '16px 0 0' }}>
              {parts.sender.map((line, i) => (
                <span key={i}>
                  {i > 0 ? <br /> : null}
                  {line}
                </span>
              ))}
            </Text>
          </Container>
          {createElement('outlook-column-close')}
        </Section>
      </body>
    </Html>
  );
}
