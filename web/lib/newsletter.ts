// A newsletter as the founder writes it in the Studio: one zod schema for the server (a newsletter
// is checked when it is loaded, and one with problems cannot be sent), and the rules the Studio's
// validation calls (schemas/documents/newsletter.ts), so that both say the same in the same words.
// Imported by the Studio too: relative imports only.
import { z } from 'zod';
import { NEWSLETTER_MESSAGES as M, NEWSLETTER_PLACES as P } from '../copy/newsletter';
import { ASSET_ID } from './image-urls';

export const NEWSLETTER_AUDIENCES = ['alle', 'reiter', 'trainer'] as const;
export type NewsletterAudience = (typeof NEWSLETTER_AUDIENCES)[number];

export const NEWSLETTER_LIMITS = {
  /** Characters of the subject: about what a phone's inbox shows in two lines. */
  subject: 90,
  /** Characters of the preheader, the line an inbox shows after the subject. */
  preheader: 140,
  /** The shortest alt text of an image (as every image of the site). */
  alt: 5,
  /** Characters of the button's label: it stays on one line at 320 px. */
  buttonLabel: 40,
} as const;

/** Where the editor sees a newsletter as the mail will look (with the preview cookie only). */
export const NEWSLETTER_PREVIEW_PATH = '/newsletter/vorschau/';
export const newsletterPreviewPath = (id: string) =>
  `${NEWSLETTER_PREVIEW_PATH}${encodeURIComponent(id.replace(/^(drafts|versions\.[^.]+)\./, ''))}`;

export const NEWSLETTER_STYLES = ['normal', 'h2', 'h3'] as const;
export const NEWSLETTER_LISTS = ['bullet', 'number'] as const;
export const NEWSLETTER_DECORATORS = ['strong', 'em'] as const;

/** An image asset's id in a dataset: `image-<sha1>-<width>x<height>-<extension>`. */
export const DATASET_IMAGE_ID = ASSET_ID;

/** Hosts of the community's WhatsApp invitations: the newsletter links the stable /gruppe/… links instead. */
const WHATSAPP_HOSTS = /(^|\.)(whatsapp\.com|whatsapp\.net|wa\.me)$/i;
const SITE = 'https://site.invalid';
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const shown = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}…` : value);

/**
 * A link of a newsletter as the mail carries it, or why it cannot be one: `https:`, `http:` and
 * `mailto:` addresses, or a page of this site (`/gruppe/reiter`, made absolute in the mail). Never
 * `javascript:` or another scheme, never a WhatsApp invitation (the stable /gruppe/… links lead to
 * the current group). The address is read as a browser reads it (tabs and line breaks inside a
 * scheme are dropped, so `java\tscript:` is still refused).
 */
export function checkLink(href: unknown): { href: string; problem?: undefined } | { problem: string } {
  if (typeof href !== 'string' || !href.trim()) return { problem: M.linkMissing };
  const value = href.trim();
  const refused = { problem: M.link(shown(value)) };
  let url: URL;
  try {
    url = new URL(value, value.startsWith('/') ? SITE : undefined);
  } catch {
    return refused;
  }
  if (value.startsWith('/')) {
    // `//host` and `/\host` name another host; the origin check catches every spelling of them.
    return url.origin === SITE ? { href: `${url.pathname}${url.search}${url.hash}` } : refused;
  }
  if (url.protocol === 'mailto:') return /^[^@\s]+@[^@\s]+$/.test(url.pathname) ? { href: url.href } : refused;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refused;
  if (WHATSAPP_HOSTS.test(url.hostname)) return { problem: M.whatsapp };
  return { href: url.href };
}

/** The Studio's check of a link: its German problem, or undefined. */
export const linkProblem = (href: unknown) => checkLink(href).problem;

// ------------------------------------------------------------------ the document's parts

const keyed = { _key: z.string().default('') };

const span = z.object({
  _type: z.literal('span', { error: M.unknownPart }),
  ...keyed,
  text: z.string().default(''),
  marks: z
    .array(z.string())
    .nullish()
    .transform((m) => m ?? []),
});

const linkDefinition = z.object({
  _type: z.literal('link', { error: M.mark }),
  ...keyed,
  href: z.unknown().transform((href, ctx) => {
    const link = checkLink(href);
    if (link.problem === undefined) return link.href;
    ctx.addIssue({ code: 'custom', message: link.problem });
    return z.NEVER;
  }),
});

const block = z
  .object({
    _type: z.literal('block'),
    ...keyed,
    style: z
      .enum(NEWSLETTER_STYLES, { error: M.style })
      .nullish()
      .transform((s) => s ?? 'normal'),
    listItem: z
      .enum(NEWSLETTER_LISTS, { error: M.list })
      .nullish()
      .transform((l) => l ?? undefined),
    level: z
      .number()
      .int()
      .min(1)
      .max(5)
      .nullish()
      .transform((l) => l ?? undefined),
    children: z.array(span),
    markDefs: z
      .array(linkDefinition)
      .nullish()
      .transform((d) => d ?? []),
  })
  .superRefine((b, ctx) => {
    const known = new Set<string>([...NEWSLETTER_DECORATORS, ...b.markDefs.map((d) => d._key)]);
    if (b.children.some((s) => s.marks.some((m) => !known.has(m)))) ctx.addIssue({ code: 'custom', message: M.mark });
  });

/** Asset facts as the query projects them (url: where the original lies). */
const imageAsset = z.object({
  _id: z.string(),
  url: z.string().nullish(),
  width: z.number().nullish(),
  height: z.number().nullish(),
});

const hostOf = (url: string) => {
  try {
    return new URL(url).host || url;
  } catch {
    return shown(url);
  }
};

const image = (isDatasetImage: (url: string) => boolean) =>
  z
    .object({
      _type: z.literal('image'),
      ...keyed,
      alt: z.string().nullish(),
      asset: imageAsset.nullish(),
    })
    .transform((img, ctx) => {
      const { asset } = img;
      const dims = asset ? DATASET_IMAGE_ID.exec(asset._id) : null;
      if (!asset || !dims || !asset.url) {
        ctx.addIssue({ code: 'custom', message: M.imageMissing });
      } else if (!isDatasetImage(asset.url)) {
        ctx.addIssue({ code: 'custom', message: M.imageForeign(hostOf(asset.url)) });
      }
      const alt = img.alt?.trim() ?? '';
      if (alt.length < NEWSLETTER_LIMITS.alt)
        ctx.addIssue({ code: 'custom', path: ['alt'], message: M.altMissing(NEWSLETTER_LIMITS.alt) });
      if (!asset || !dims) return z.NEVER;
      return {
        _type: 'image' as const,
        _key: img._key,
        alt,
        asset: {
          _id: asset._id,
          width: asset.width ?? Number(dims[2]),
          height: asset.height ?? Number(dims[3]),
        },
      };
    });

const button = z.object({
  _type: z.literal('button'),
  ...keyed,
  label: z
    .string({ error: M.buttonLabel(NEWSLETTER_LIMITS.buttonLabel) })
    .trim()
    .min(1, M.buttonLabel(NEWSLETTER_LIMITS.buttonLabel))
    .max(NEWSLETTER_LIMITS.buttonLabel, M.buttonLabel(NEWSLETTER_LIMITS.buttonLabel)),
  url: z.unknown().transform((href, ctx) => {
    const link = checkLink(href);
    if (link.problem === undefined) return link.href;
    ctx.addIssue({ code: 'custom', message: href ? link.problem : M.buttonUrl });
    return z.NEVER;
  }),
});

const PART_TYPES = ['block', 'image', 'button'];
type Part = z.output<typeof block> | z.output<ReturnType<typeof image>> | z.output<typeof button>;

const text = (max: number, tooLong: (max: number, length: number) => string) =>
  z
    .string()
    .trim()
    .superRefine((s, ctx) => {
      if (s.length > max) ctx.addIssue({ code: 'custom', message: tooLong(max, s.length) });
      if (CONTROL.test(s)) ctx.addIssue({ code: 'custom', message: M.oneLine });
    });

export interface NewsletterSchemaOptions {
  /**
   * Whether an image's original lies in this project's dataset (its asset URL: the bundled
   * content's files, or the project's own image CDN path). Any other host is refused.
   */
  isDatasetImage: (url: string) => boolean;
}

/** A newsletter document as the content module queries it (schemas/queries.ts), checked and normalised. */
export const newsletterSchema = ({ isDatasetImage }: NewsletterSchemaOptions) =>
  z.object({
    id: z.string(),
    updatedAt: z
      .string()
      .nullish()
      .transform((u) => u ?? undefined),
    subject: z
      .string({ error: M.subjectMissing })
      .trim()
      .min(1, M.subjectMissing)
      .pipe(text(NEWSLETTER_LIMITS.subject, M.subjectTooLong)),
    preheader: z
      .string()
      .nullish()
      .transform((p) => p?.trim() || undefined)
      .pipe(text(NEWSLETTER_LIMITS.preheader, M.preheaderTooLong).optional()),
    audience: z.enum(NEWSLETTER_AUDIENCES, { error: M.audience }),
    body: z
      .array(
        z.unknown().transform((part, ctx) => {
          const type = (part as { _type?: unknown } | null)?._type;
          if (typeof type !== 'string' || !PART_TYPES.includes(type)) {
            ctx.addIssue({ code: 'custom', message: M.unknownPart });
            return z.NEVER;
          }
          const schema: z.ZodType<Part> = type === 'block' ? block : type === 'image' ? image(isDatasetImage) : button;
          const parsed = schema.safeParse(part);
          if (parsed.success) return parsed.data;
          for (const issue of parsed.error.issues)
            ctx.addIssue({ ...issue, code: 'custom', path: issue.path } as never);
          return z.NEVER;
        }),
        { error: M.bodyMissing },
      )
      .min(1, M.bodyMissing)
      .superRefine((parts, ctx) => {
        if (parts.filter((p) => p._type === 'button').length > 1)
          ctx.addIssue({ code: 'custom', message: M.oneButton });
      }),
  });

type Schema = ReturnType<typeof newsletterSchema>;
/** A newsletter that passed every check: what the mail renderer takes (plain JSON, storable). */
export type Newsletter = z.output<Schema>;
export type NewsletterPart = Newsletter['body'][number];
export type NewsletterBlock = Extract<NewsletterPart, { _type: 'block' }>;
export type NewsletterImage = Extract<NewsletterPart, { _type: 'image' }>;
export type NewsletterButton = Extract<NewsletterPart, { _type: 'button' }>;

/** Where an issue sits, for the founder: "Betreff", "Text, Abschnitt 3 (Bild)". */
function placeOf(path: readonly PropertyKey[], raw: unknown): string {
  const [field, index] = path;
  if (field === 'body' && typeof index === 'number') {
    const part = (raw as { body?: { _type?: unknown }[] } | null)?.body?.[index];
    return P.section(index + 1, P.kinds[String(part?._type)]);
  }
  return typeof field === 'string' && field in P ? (P[field as 'subject'] as string) : P.body;
}

export type NewsletterCheck = { newsletter: Newsletter; problems: [] } | { newsletter: null; problems: string[] };

/**
 * Checks a newsletter document: the newsletter ready for the mail, or every problem in German
 * ("Betreff: Der Betreff ist 95 Zeichen lang; …"), each once, in the document's order.
 */
export function checkNewsletter(raw: unknown, options: NewsletterSchemaOptions): NewsletterCheck {
  const result = newsletterSchema(options).safeParse(raw);
  if (result.success) return { newsletter: result.data, problems: [] };
  const problems = result.error.issues.map((issue) => `${placeOf(issue.path, raw)}: ${issue.message}`);
  return { newsletter: null, problems: [...new Set(problems)] };
}
