// The 10 backup codes at the end of an invitation, shown once: the list, and the ways to keep
// them: print (the page prints only the codes), copy, and save as a text file. Saving works
// without JavaScript (a data: link); printing and copying appear once the page's code runs.
import { useState } from 'react';
import { INVITATION_COPY as COPY } from '~/copy/team';
import { copyText } from '../copy-text';
import { useHydrated } from '../use-hydrated';

export function BackupCodes({ name, codes }: { name: string; codes: readonly string[] }) {
  const hydrated = useHydrated();
  const [said, setSaid] = useState('');
  const file = COPY.codesFile(name, codes);
  async function copy() {
    setSaid((await copyText(file)) ? COPY.copiedCodes : COPY.copyFailed);
  }
  return (
    <section className="invitation__backup" aria-labelledby="invitation-codes">
      <h2 id="invitation-codes">{COPY.codesLabel}</h2>
      <p className="invitation__codes-hint">{COPY.codesHint}</p>
      <ol className="invitation__codes" aria-labelledby="invitation-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="invitation__keep">
        {hydrated ? (
          <>
            <button type="button" className="button button--ghost" onClick={() => window.print()}>
              {COPY.printCodes}
            </button>
            <button type="button" className="button button--ghost" onClick={() => void copy()}>
              {COPY.copyCodes}
            </button>
          </>
        ) : null}
        <a
          className="button button--ghost"
          download={COPY.codesFileName}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
        >
          {COPY.downloadCodes}
        </a>
      </div>
      <p role="status" className="invitation__said">
        {said}
      </p>
    </section>
  );
}
