// The hero video: a self-hosted thumbnail with a play button. Only a click loads the provider's
// embed (youtube-nocookie); nothing is requested from the provider before. Without JavaScript the
// play button is a plain link to the video.
import { useEffect, useRef, useState } from 'react';
import { Picture } from '~/components/Picture';
import { Static } from '~/components/Static';
import type { SectionTexts, SiteSettings } from '~/lib/content-types';
import type { LandingFrame } from '~/lib/landing-frame';
import { LABELS } from '~/copy/landing';
import { SectionHeader } from './SectionHeader';
import './section.css';
import './HeroVideo.css';

const VIDEO_EMBED_BASE = 'https://www.youtube-nocookie.com/embed/';

/**
 * `video`: what the embed needs; `content`: the section's texts and the thumbnail, where they are at
 * hand (see web/components/Static.tsx).
 */
export function HeroVideo({
  video,
  content,
}: {
  video: LandingFrame['video'];
  content?: { texts: SectionTexts; thumbnail: SiteSettings['heroVideo']['thumbnail'] };
}) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  const embed = `${VIDEO_EMBED_BASE}${encodeURIComponent(video.youtubeId)}`;
  return (
    <section className="section video-section" aria-labelledby="video-title">
      <div className="container">
        <SectionHeader texts={content?.texts} id="video-title" />
        <div className="video" data-reveal="">
          <div className="video__frame">
            {playing ? (
              <iframe
                ref={frame}
                className="video__embed"
                src={`${embed}?autoplay=1&rel=0`}
                title={video.title}
                allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
              />
            ) : (
              <a
                className="video__poster"
                href={embed}
                onClick={(event) => {
                  event.preventDefault();
                  setPlaying(true);
                }}
              >
                <Static as="span" className="video__thumbnail">
                  {content && <Picture image={content.thumbnail} sizes="(min-width: 1120px) 1040px, 100vw" />}
                </Static>
                <span className="video__play" aria-hidden="true">
                  <svg viewBox="0 0 64 64" width="64" height="64" focusable="false">
                    <circle cx="32" cy="32" r="31" fill="currentColor" opacity="0.92" />
                    <path d="M26 20l20 12-20 12z" fill="#fbf9f5" />
                  </svg>
                </span>
                <span className="visually-hidden">
                  {LABELS.playVideo}: {video.title}
                </span>
              </a>
            )}
          </div>
          <p className="video__note">{LABELS.videoPrivacy}</p>
        </div>
      </div>
    </section>
  );
}
