// The one way the dashboard downloads a team file (a CSV export, a QR code for print): with the
// token in the header, saved under the server's file name; a failed download says why in an alert,
// and a token that stopped working locks the page.
import type { ReactNode } from 'react';
import { DASHBOARD_COPY } from '~/copy/dashboard';
import { downloadTeamFile, sessionEnded } from './team-api';

export function DownloadButton(props: {
  token: string;
  /** The file's API path with its query. */
  path: string;
  /** The name to save under when the server names none. */
  filename: string;
  onAuthError: () => void;
  /** What the alert says before the error (the CSV export's text unless given). */
  failed?: string;
  disabled?: boolean;
  /** The button's text (the CSV export's unless given). */
  children?: ReactNode;
  /** Its accessible name where the text alone does not say which file (it starts with the text). */
  label?: string;
}) {
  const { token, path, filename, onAuthError, failed = DASHBOARD_COPY.exportFailed, disabled } = props;
  async function download() {
    const answer = await downloadTeamFile(token, path, filename);
    if (sessionEnded(answer)) onAuthError();
    else if (!answer.ok) alert(failed + answer.message);
  }
  return (
    <button
      type="button"
      className="dash-button"
      aria-label={props.label}
      disabled={disabled}
      onClick={() => void download()}
    >
      {props.children ?? DASHBOARD_COPY.exportCsv}
    </button>
  );
}
