// A dashboard question in a <dialog>: it opens as a modal when it mounts, Escape gives the answer
// `onEscape` (none while it is null: the question is busy), and it closes before it answers, so that
// the browser hands the focus back to where it was. The dialog is named by the element with
// `titleId` and described by the one with `textId`.
import { useEffect, useId, useRef, type SyntheticEvent } from 'react';

export function useModalDialog<Answer>(onAnswer: (answer: Answer) => void, onEscape: NoInfer<Answer> | null) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const answer = (value: Answer) => {
    dialog.current?.close();
    onAnswer(value);
  };
  const titleId = `${id}-title`;
  const textId = `${id}-text`;
  const dialogProps = {
    ref: dialog,
    'aria-labelledby': titleId,
    'aria-describedby': textId,
    onCancel: (event: SyntheticEvent) => {
      event.preventDefault();
      if (onEscape !== null) answer(onEscape);
    },
  };
  return { answer, dialogProps, titleId, textId };
}
