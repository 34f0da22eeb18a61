// The editor's draft preview: the Studio's preview-mode handshake (enable/disable), the signed
// preview cookie that marks a previewing browser, and the drafts a previewed page loads.
export { disablePreview, enablePreview, sameSitePath } from './enable.server';
export {
  hasValidPreviewCookie,
  namesPreviewCookie,
  PREVIEW_COOKIE,
  PREVIEW_TTL_MS,
  previewablePath,
  previewCookie,
} from './cookie.server';
export { loadDraft, type DraftLoad, type PreviewState } from './draft.server';
