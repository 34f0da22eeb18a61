// Images always come from our own origin. Content loading turns each image of a query result into
// a ResponsiveImage whose URLs point at /images/<asset>-<width>.<avif|webp>; the original is the
// bundled file or, in Sanity mode, a copy downloaded while the content loads (at build time and on
// revalidation). Renditions are generated with sharp on first request into a content-addressed
// cache (IMAGE_CACHE_DIR) and served as immutable. See docs/decisions/ (image pipeline).
import { createHash } from 'node:crypto';
import { access, mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vercelStegaClean } from '@vercel/stega';
import type { ResponsiveImage } from '~/lib/content-types';
import { assetKey, mailRendition, renditionUrl, renditionWidths, type ImageFormat } from '~/lib/image-urls';

export { assetKey, renditionWidths };

// sharp is loaded on first use: importing it costs ~0.3 s, which a build or a start need not pay.
const loadSharp = () => import('sharp').then((m) => m.default);

// The widths offered (~/lib/image-urls) are never wider than the original. The small ones serve the
// seal (shown 40 to 80 px wide, up to 160 device pixels on a phone), which otherwise loads a 480 px file.
export const FORMATS = ['avif', 'webp'] as const satisfies readonly ImageFormat[];

export interface ImageAssetFacts {
  _id: string;
  url: string | null;
  width: number | null;
  height: number | null;
  lqip?: string | null;
  /** Sanity's `metadata.hasAlpha`, where the query asks for it. */
  hasAlpha?: boolean | null;
}
export interface RawImage {
  alt: string | null;
  asset: ImageAssetFacts | null;
}

/** Bumped whenever encoder settings change, so cached renditions are made again. */
const RENDITION_SET = 'v1';
const RENDITION_NAME = /^([a-f0-9]{40})-(\d+)x(\d+)-(\d+)\.(avif|webp|jpg|png)$/;

export interface ImagePipelineOptions {
  cacheDir: string;
}

/**
 * Content that cannot make a page: a required field is empty, an image lacks its file or its alt
 * text. `explanation` says it in German, for the editor who sees an unfinished draft in the preview.
 */
export class ContentError extends Error {
  override name = 'ContentError';
  constructor(
    message: string,
    readonly explanation: string,
  ) {
    super(message);
  }
}

let warmQueue: Promise<unknown> = Promise.resolve();

/** Where originals live, by asset key; filled as content loads. */
export class ImagePipeline {
  private readonly originals = new Map<string, Promise<string>>();
  private readonly inFlight = new Map<string, Promise<string | undefined>>();
  /** Every rendition URL handed out by responsive(), for warm(). */
  private readonly known = new Set<string>();

  constructor(private readonly options: ImagePipelineOptions) {}

  get cacheDir() {
    return this.options.cacheDir;
  }

  /** Registers the asset's original (downloading a remote one) and describes its renditions. */
  async responsive(image: RawImage, what: string): Promise<ResponsiveImage> {
    const asset = image.asset;
    if (!asset?._id || !asset.url || !asset.width || !asset.height)
      throw new ContentError(
        `Content error: ${what} has no image (upload one in the Studio).`,
        `„${what}“: Es ist noch kein Bild hochgeladen.`,
      );
    // A draft's texts carry invisible stega marks: an empty alt text is still empty with them.
    const alt = image.alt ?? '';
    if (!vercelStegaClean(alt).trim())
      throw new ContentError(`Content error: ${what} has no alt text.`, `„${what}“: Der Alternativtext fehlt noch.`);
    const { key, ext } = assetKey(asset._id);
    await this.registerOriginal(key, ext, asset.url);
    const widths = renditionWidths(asset.width);
    const largest = widths[widths.length - 1]!;
    for (const w of widths) for (const f of FORMATS) this.known.add(renditionUrl(key, w, f).slice('/images/'.length));
    return {
      alt: alt.trim(),
      width: largest,
      height: Math.round((asset.height * largest) / asset.width),
      key,
      widths,
      ...(asset.lqip ? { placeholder: asset.lqip } : {}),
      // Without Sanity's word on it, a PNG is taken as transparent (the signature and seal are).
      ...((asset.hasAlpha ?? ext === 'png') ? { transparent: true } : {}),
    };
  }

  /**
   * Registers the original of a mail's image (downloading a remote one) and returns the URL path of
   * its one mail rendition (JPEG or PNG, ~/lib/image-urls mailRendition).
   */
  async mailImage(asset: { _id: string; url: string }): Promise<string> {
    const { key, ext } = assetKey(asset._id);
    await this.registerOriginal(key, ext, asset.url);
    const { url } = mailRendition(asset._id);
    this.known.add(url.slice('/images/'.length));
    return url;
  }

  private registerOriginal(key: string, ext: string, url: string) {
    let original = this.originals.get(key);
    if (!original) {
      original = url.startsWith('file:') ? Promise.resolve(fileURLToPath(url)) : this.download(key, ext, url);
      this.originals.set(key, original);
      original.catch(() => this.originals.delete(key));
    }
    return original;
  }

  /** Copies a remote original (Sanity's CDN) into the cache once; its name is its content hash. */
  private async download(key: string, ext: string, url: string) {
    const file = path.join(this.options.cacheDir, 'originals', `${key}.${ext}`);
    if (await exists(file)) return file;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Downloading image ${url} failed: HTTP ${response.status}`);
    await writeAtomically(file, Buffer.from(await response.arrayBuffer()));
    return file;
  }

  /** The original for a key registered by content loading, or a copy downloaded earlier. */
  private async findOriginal(key: string): Promise<string | undefined> {
    const registered = this.originals.get(key);
    if (registered) return registered.catch(() => undefined);
    const dir = path.join(this.options.cacheDir, 'originals');
    const names = await readdir(dir).catch(() => [] as string[]);
    const name = names.find((n) => n.startsWith(`${key}.`));
    return name ? path.join(dir, name) : undefined;
  }

  /**
   * The file of a rendition such as `<sha1>-1600x1067-800.avif`, generated on first request.
   * Undefined for names that are not a rendition of a known image (no arbitrary sizes).
   * `loadContent` is called once when the original is not known yet (a fresh process).
   */
  async rendition(name: string, loadContent?: () => Promise<unknown>): Promise<string | undefined> {
    const match = RENDITION_NAME.exec(name);
    if (!match) return undefined;
    const [, sha1, w, h, width, format] = match as unknown as [string, string, string, string, string, ImageFormat];
    if (!renditionWidths(Number(w)).includes(Number(width))) return undefined;
    const key = `${sha1}-${w}x${h}`;
    const file = path.join(this.options.cacheDir, 'renditions', RENDITION_SET, name);
    if (await exists(file)) return file;

    let pending = this.inFlight.get(name);
    if (!pending) {
      pending = (async () => {
        let original = await this.findOriginal(key);
        if (!original && loadContent) {
          await loadContent();
          original = await this.findOriginal(key);
        }
        if (!original) return undefined;
        const sharp = await loadSharp();
        const pipeline = sharp(original).resize({ width: Number(width), withoutEnlargement: true });
        const data = await encode(pipeline, format);
        await writeAtomically(file, data);
        return file;
      })().finally(() => this.inFlight.delete(name));
      this.inFlight.set(name, pending);
    }
    return pending;
  }

  /**
   * Generates every rendition of the content loaded so far that is not cached yet, one at a time
   * (after a revalidation, so that the first visitors of new images do not wait for the encoder).
   */
  warm(): Promise<number> {
    // One warm-up at a time per process (also across pipelines replaced by clearContentCache()).
    const run = warmQueue.then(() => this.warmOnce());
    warmQueue = run.catch(() => undefined);
    return run;
  }

  private async warmOnce() {
    let made = 0;
    for (const name of [...this.known]) {
      const file = path.join(this.options.cacheDir, 'renditions', RENDITION_SET, name);
      if (await exists(file)) continue;
      if (await this.rendition(name)) made++;
    }
    return made;
  }

  /** A tiny blurred preview (data URL) for an original file. */
  static async lqip(file: string) {
    const sharp = await loadSharp();
    const data = await sharp(file).resize({ width: 16 }).blur(0.6).webp({ quality: 40 }).toBuffer();
    return `data:image/webp;base64,${data.toString('base64')}`;
  }
}

type SharpPipeline = ReturnType<Awaited<ReturnType<typeof loadSharp>>>;

/** One rendition's bytes. A mail's JPEG lies on white: a transparent part would turn black. */
function encode(pipeline: SharpPipeline, format: ImageFormat) {
  switch (format) {
    case 'avif':
      return pipeline.avif({ quality: 55, effort: 0 }).toBuffer();
    case 'webp':
      return pipeline.webp({ quality: 78, effort: 3 }).toBuffer();
    case 'jpg':
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
    case 'png':
      return pipeline.png({ compressionLevel: 9 }).toBuffer();
  }
}

async function exists(file: string) {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Write to a temporary name, then rename: readers never see half a file (builds share the cache). */
async function writeAtomically(file: string, data: Buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${createHash('sha1').update(String(Math.random())).digest('hex').slice(0, 8)}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}
