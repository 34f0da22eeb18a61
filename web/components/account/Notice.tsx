// A message of an account page: announced politely when it says something worked, at once when
// it is an error. The live region is always there, so a message that appears is read out.
import type { AuthNotice } from '~/lib/auth';

export function Notice({ notice }: { notice?: AuthNotice | null }) {
  const error = notice && !notice.ok;
  return (
    <p
      className={`account-notice${error ? ' account-notice--error' : ''}`}
      role={error ? 'alert' : 'status'}
      aria-live={error ? 'assertive' : 'polite'}
    >
      {notice?.message ?? ''}
      {notice?.detail && (
        <>
          {' '}
          <span lang="de">{notice.detail}</span>
        </>
      )}
    </p>
  );
}
