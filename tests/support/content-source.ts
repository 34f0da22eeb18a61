// For integration tests of the content module (and of what reads content, such as the decision
// mails): a stand-in of Sanity's API and an image cache of the file's own (or the describe block's),
// and switching the content source between the bundled dataset and the stand-in through the
// environment the content module reads (restored, and the cache dropped, afterwards). The one set-up
// of an in-process Sanity stand-in: a test that starts the built server uses standInEnv instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { clearContentCache } from '~/server/content/content.server';
import { startSanityStandIn, type SanityStandIn } from './sanity-standin';

export interface ContentSources {
  readonly standIn: SanityStandIn;
  /** IMAGE_CACHE_DIR of the file: originals copied from the stand-in, renditions. */
  readonly cacheDir: string;
  /** Content from the bundled dataset, loaded afresh. */
  useBundled(): void;
  /** Content from the stand-in, loaded afresh. */
  useStandIn(): void;
}

export interface ContentSourceOptions {
  /** More environment for the stand-in (the preview's: previewEnv), set by useStandIn. */
  env?: (standIn: SanityStandIn) => Record<string, string>;
  /**
   * Leave the image cache on disk afterwards: a content sync makes its image renditions in the
   * background, and may still write them after the last test.
   */
  keepCacheDir?: boolean;
}

export function contentSources(options: ContentSourceOptions = {}): ContentSources {
  let standIn: SanityStandIn | undefined;
  let cacheDir: string | undefined;
  const saved = { ...process.env };
  beforeAll(async () => {
    standIn = await startSanityStandIn();
    cacheDir = mkdtempSync(path.join(tmpdir(), 'bc-images-'));
  });
  afterAll(async () => {
    process.env = saved;
    clearContentCache();
    await standIn?.close();
    if (cacheDir && !options.keepCacheDir) rmSync(cacheDir, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined) => {
    if (value === undefined) throw new Error('the content sources start in beforeAll');
    return value;
  };
  return {
    get standIn() {
      return started(standIn);
    },
    get cacheDir() {
      return started(cacheDir);
    },
    useBundled() {
      delete process.env.SANITY_PROJECT_ID;
      delete process.env.SANITY_API_HOST;
      process.env.IMAGE_CACHE_DIR = started(cacheDir);
      clearContentCache();
    },
    useStandIn() {
      const s = started(standIn);
      process.env.SANITY_PROJECT_ID = s.projectId;
      process.env.SANITY_DATASET = s.dataset;
      process.env.SANITY_API_HOST = s.url;
      process.env.IMAGE_CACHE_DIR = started(cacheDir);
      Object.assign(process.env, options.env?.(s));
      clearContentCache();
    },
  };
}

/**
 * Content from the folder `dir` for the block's tests: CONTENT_DIR, which the content module reads
 * as the server does, set and the cache dropped before the block's first test; removed (and the
 * cache dropped again) after its last.
 */
export function useContentDir(dir: string) {
  beforeAll(() => {
    process.env.CONTENT_DIR = dir;
    clearContentCache();
  });
  afterAll(() => {
    delete process.env.CONTENT_DIR;
    clearContentCache();
  });
}
