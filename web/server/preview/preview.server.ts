// The editor's draft preview: the Studio's preview-mode handshake (enable/disable), the signed
// preview cookie that marks a previewing browser, and the drafts a previewed page loads.
export { disablePreview, enablePreview } from './enable.server';
export { hasValidPreviewCookie, namesPreviewCookie, previewablePath } from './cookie.server';
export { loadDraft, type PreviewState } from './draft.server';
