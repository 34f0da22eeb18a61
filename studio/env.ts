// The Studio's project settings. Sanity exposes SANITY_STUDIO_* variables to the Studio; the
// placeholder project id lets `sanity build` run offline (CI) before a project exists.
export const projectId = process.env.SANITY_STUDIO_PROJECT_ID || process.env.SANITY_PROJECT_ID || 'placeholder';
export const dataset = process.env.SANITY_STUDIO_DATASET || process.env.SANITY_DATASET || 'production';
