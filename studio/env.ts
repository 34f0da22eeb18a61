// The Studio's project settings. In the browser bundle Sanity replaces only SANITY_STUDIO_*
// variables; reading anything else there would throw, hence the guard. The placeholder project id
// lets `sanity build` run offline (CI) before a project exists.
const read = (get: () => string | undefined) => {
  try {
    return get() || undefined;
  } catch {
    return undefined;
  }
};

export const projectId = read(() => process.env.SANITY_STUDIO_PROJECT_ID) ?? 'placeholder';
export const dataset = read(() => process.env.SANITY_STUDIO_DATASET) ?? 'production';
/** Where the site runs whose pages the Presentation tool shows (SANITY_STUDIO_PREVIEW_ORIGIN). */
export const previewOrigin = read(() => process.env.SANITY_STUDIO_PREVIEW_ORIGIN) ?? 'http://localhost:3000';
