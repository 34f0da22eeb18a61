// The Community section: the two stable links to copy, a QR code of each (SVG and PNG download for
// print), and the pool of WhatsApp groups with their counted clicks, places and which group each
// link leads to now; a loud notice when every group of an audience is full or none is active.
import { useId, useState } from 'react';
import { copyText } from '~/components/copy-text';
import { QrCode } from '~/components/QrCode';
import { COMMUNITY_DASHBOARD_COPY as COPY } from '~/copy/community';
import type { CommunityAudience, CommunityGroupStatus, CommunityOverview } from '~/lib/community';
import { studioPath } from '~schemas/studio-paths';
import { DownloadButton } from './DownloadButton';
import { fetchCommunity } from './team-api';
import { useTeamData } from './useTeamData';
import { DashTable } from './DashTable';

export function CommunityView({ token, onAuthError }: { token: string; onAuthError: () => void }) {
  const id = useId();
  const community = useTeamData((signal) => fetchCommunity(token, signal), `community:${token}`, onAuthError);
  return (
    <section aria-labelledby={`${id}-title`} className="dash-section dash-community">
      <div className="dash-toolbar">
        <h2 id={`${id}-title`}>{COPY.title}</h2>
      </div>
      <p className="dash-help">{COPY.intro}</p>
      {community.state === 'loading' ? <p className="dash-empty">{COPY.loading}</p> : null}
      {community.state === 'failed' ? <p className="dash-empty">{COPY.loadFailed}</p> : null}
      {community.state === 'ready' ? (
        <Overview overview={community.value} token={token} onAuthError={onAuthError} />
      ) : null}
    </section>
  );
}

/** Where the founder manages the pool, as the Studio names it. */
const POOL_IN_STUDIO = studioPath('siteSettings', 'communityGroups');

/** The loud notices: an audience whose link leads nowhere, or into a full group. */
function communityWarnings(overview: Pick<CommunityOverview, 'full' | 'missing'>): string[] {
  return [
    ...overview.missing.map((a) => COPY.missing(COPY.audiences[a])),
    ...overview.full.filter((a) => !overview.missing.includes(a)).map((a) => COPY.allFull(COPY.audiences[a])),
  ];
}

/** The pool, the links and their notices (exported for its test). */
export function Overview({
  overview,
  token,
  onAuthError,
}: {
  overview: CommunityOverview;
  token: string;
  onAuthError: () => void;
}) {
  const warnings = communityWarnings(overview);
  return (
    <>
      {warnings.length ? (
        <div role="alert" className="dash-community__alert">
          {warnings.map((text) => (
            <p key={text}>
              {text} <span lang="de">{POOL_IN_STUDIO}</span>.
            </p>
          ))}
        </div>
      ) : null}
      <div className="dash-community__links">
        {overview.links.map((link) => (
          <StableLink key={link.audience} {...link} token={token} onAuthError={onAuthError} />
        ))}
      </div>
      <h3 className="dash-subtitle">{COPY.poolTitle}</h3>
      <Pool groups={overview.groups} />
      <p className="dash-note">{COPY.poolNote}</p>
    </>
  );
}

function StableLink({
  audience,
  url,
  qr,
  token,
  onAuthError,
}: {
  audience: CommunityAudience;
  url: string;
  qr: boolean[][];
  token: string;
  onAuthError: () => void;
}) {
  const id = useId();
  const [copied, setCopied] = useState<string | null>(null);
  const name = COPY.audiences[audience];

  async function copy() {
    setCopied((await copyText(url)) ? COPY.copied : COPY.copyFailed);
  }
  const downloadProps = (format: 'svg' | 'png') => ({
    token,
    path: `/api/community/qr/${audience}.${format}`,
    filename: `gruppe-${audience}.${format}`,
    failed: COPY.downloadFailed,
    onAuthError,
  });

  return (
    <figure className="dash-community__link" data-audience={audience}>
      <figcaption>
        <h3 className="dash-subtitle">{name}</h3>
      </figcaption>
      <label htmlFor={`${id}-url`}>{COPY.link}</label>
      <div className="dash-community__copy">
        <input id={`${id}-url`} type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="dash-button" aria-label={COPY.copyFor(name)} onClick={() => void copy()}>
          {COPY.copy}
        </button>
      </div>
      <p role="status" aria-live="polite" className="dash-help">
        {copied}
      </p>
      <QrCode modules={qr} label={COPY.qrLabel(name)} size={180} />
      <div className="dash-community__downloads">
        <DownloadButton {...downloadProps('svg')} label={COPY.downloadFor(COPY.downloadSvg, name)}>
          {COPY.downloadSvg}
        </DownloadButton>
        <DownloadButton {...downloadProps('png')} label={COPY.downloadFor(COPY.downloadPng, name)}>
          {COPY.downloadPng}
        </DownloadButton>
      </div>
    </figure>
  );
}

function stateOf(group: CommunityGroupStatus): string {
  if (!group.active) return COPY.inactive;
  if (group.current) return group.full ? `${COPY.current} (${COPY.full})` : COPY.current;
  return group.full ? COPY.full : COPY.waiting;
}

function Pool({ groups }: { groups: CommunityGroupStatus[] }) {
  return (
    <DashTable
      label={COPY.poolTitle}
      caption="hidden"
      className="dash-community__pool dash-table--cards"
      head={[COPY.group, COPY.audience, COPY.clicks, COPY.capacity, COPY.state]}
    >
      {groups.map((g) => (
        <tr key={g.key} data-group={g.key} data-current={g.current || undefined} data-full={g.full || undefined}>
          <th scope="row" lang="de">
            {g.name}
          </th>
          <td data-label={COPY.audience}>{COPY.audiences[g.audience]}</td>
          <td data-label={COPY.clicks}>{g.clicks}</td>
          <td data-label={COPY.capacity}>{g.capacity}</td>
          <td data-label={COPY.state}>{stateOf(g)}</td>
        </tr>
      ))}
    </DashTable>
  );
}
