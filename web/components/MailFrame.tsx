// A mail's HTML in a frame, as a mail program shows it: scripts never run (the sandbox leaves them
// off, as every mail program does), links open in a new tab, and the frame grows to the mail's
// height so that the page scrolls and the mail never scrolls on its own. The HTML is the frame's
// `srcdoc`: nothing is fetched for it, and the page's own CSP (which the frame inherits) applies.
import { useCallback } from 'react';

/** Same origin (so the page can read the mail's height) but no scripts, no forms, no navigation of the page. */
export const MAIL_FRAME_SANDBOX = 'allow-same-origin allow-popups allow-popups-to-escape-sandbox';

export function MailFrame({ html, title, className }: { html: string; title: string; className?: string }) {
  const fit = useCallback((frame: HTMLIFrameElement | null) => {
    if (!frame) return;
    const grow = () => {
      const height = frame.contentDocument?.documentElement.scrollHeight;
      if (height) frame.style.height = `${height}px`;
    };
    frame.addEventListener('load', grow);
    grow();
    return () => frame.removeEventListener('load', grow);
  }, []);
  return <iframe ref={fit} className={className} title={title} srcDoc={html} sandbox={MAIL_FRAME_SANDBOX} />;
}
