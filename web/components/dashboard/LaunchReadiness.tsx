// Launch readiness at the top of the dashboard, for owners (who can change the content): one line
// saying how many placeholders the published content still holds (GET /api/launch-readiness), and
// the list of them behind a disclosure, each named as the Studio names its field; nothing once the
// site is ready. Asked again every minute, so that a publish clears it without a reload.
import { useId } from 'react';
import { LAUNCH_READINESS_COPY as COPY } from '~/copy/dashboard';
import { NOT_WHATSAPP } from '~/lib/launch-readiness';
import { fetchLaunchReadiness } from './team-api';
import { useTeamData } from './useTeamData';

const REFRESH_MS = 60_000;

export function LaunchReadiness({ token, onAuthError }: { token: string; onAuthError: () => void }) {
  const id = useId();
  // Not known is not the same as ready: the last answer stays until a new one comes.
  const answer = useTeamData((signal) => fetchLaunchReadiness(token, signal), token, onAuthError, {
    refreshMs: REFRESH_MS,
  });
  const placeholders = answer.state === 'ready' ? answer.value.placeholders : [];

  if (placeholders.length === 0) return null;
  return (
    // Above the page's heading: a landmark with a name, not a heading before the h1.
    <aside className="dash-launch" aria-labelledby={`${id}-title`}>
      <details>
        <summary>
          <span id={`${id}-title`} className="dash-launch__title">
            {COPY.title(placeholders.length)}
          </span>{' '}
          <span className="dash-launch__toggle dash-launch__toggle--show">{COPY.show}</span>
          <span className="dash-launch__toggle dash-launch__toggle--hide">{COPY.hide}</span>
        </summary>
        <p>{COPY.intro}</p>
        <ul>
          {placeholders.map((p) => (
            <li key={`${p.where} ${p.marker}`}>
              <strong lang="de">{p.where}</strong>:{' '}
              {p.marker === 'missing'
                ? COPY.missing
                : p.marker === NOT_WHATSAPP
                  ? COPY.notWhatsApp
                  : COPY.holds(p.marker)}
              {p.value ? <code>{p.value}</code> : null}
            </li>
          ))}
        </ul>
      </details>
    </aside>
  );
}
