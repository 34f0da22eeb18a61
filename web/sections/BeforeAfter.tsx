// Before/after: five horses to choose from at the side; a divider starting at 50 %, dragged with
// the pointer or moved with the keyboard (role="slider"); at 50 or less the text shows the "after"
// description, above 50 the "before" description.
// The horses are radio buttons, each followed by its comparison: choosing one shows its comparison
// by CSS alone, so the choice works before the page's script runs and without it. The script moves
// the divider (one position for every horse, back to the middle when another is chosen) and says
// which description is shown (`data-side`); pictures and texts are content the browser keeps as
// the server rendered it.
import { Fragment, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Picture } from '~/components/Picture';
import { Static } from '~/components/Static';
import type { HorseCase, SectionTexts } from '~/lib/content-types';
import {
  clampPosition,
  descriptionSide,
  positionAfterKey,
  positionFromPointer,
  START_POSITION,
} from '~/lib/before-after';
import { LABELS } from '~/copy/landing';
import { SectionHeader } from './SectionHeader';
import './section.css';
import './BeforeAfter.css';
import { StrokeIcon } from '~/components/StrokeIcon';

const IMAGE_SIZES = '(min-width: 1024px) 720px, 100vw';

/** `horses`: their names; `content`: texts and horses, where they are at hand (see web/components/Static.tsx). */
export function BeforeAfter({
  horses,
  content,
}: {
  horses: string[];
  content?: { texts: SectionTexts; horses: HorseCase[] };
}) {
  const [position, setPosition] = useState(START_POSITION);
  const layout = useRef<HTMLFieldSetElement>(null);
  const dragging = useRef(false);

  // Another horse chosen (a radio button: it changes without React): the divider back to the middle.
  useEffect(() => {
    const element = layout.current;
    if (!element) return;
    const reset = () => setPosition(START_POSITION);
    element.addEventListener('change', reset);
    return () => element.removeEventListener('change', reset);
  }, []);

  if (horses.length === 0) return null;

  const moveTo = (stage: HTMLElement, clientX: number) => {
    const rect = stage.getBoundingClientRect();
    setPosition(positionFromPointer(clientX, rect.left, rect.width));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    moveTo(event.currentTarget, event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(event.currentTarget, event.clientX);
  };
  const onPointerUp = () => {
    dragging.current = false;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = positionAfterKey(position, event.key);
    if (next === undefined) return;
    event.preventDefault();
    setPosition(next);
  };
  const rounded = Math.round(clampPosition(position));

  return (
    <section className="section before-after" aria-labelledby="before-after-title">
      <div className="container">
        <SectionHeader texts={content?.texts} id="before-after-title" />
        <fieldset
          ref={layout}
          className="before-after__layout"
          data-side={descriptionSide(position)}
          // On wide screens the horses form a column beside the comparison (one row each).
          style={{ gridTemplateRows: `repeat(${horses.length}, auto) 1fr` }}
        >
          <legend className="visually-hidden">{LABELS.chooseHorse}</legend>
          {horses.map((name, i) => {
            const horse = content?.horses[i];
            return (
              <Fragment key={i}>
                <Static as="label" className="horse-option choice">
                  {horse && (
                    <>
                      <input type="radio" name="pferd" value={i} defaultChecked={i === 0} className="choice-input" />
                      <span className="horse-option__name">{horse.name}</span>
                      <span className="horse-option__age">{horse.age}</span>
                    </>
                  )}
                </Static>
                <div className="before-after__horse">
                  <div
                    className="compare"
                    onPointerDown={onPointerDown}
                    onPointerMove={onPointerMove}
                    onPointerUp={onPointerUp}
                    onPointerCancel={onPointerUp}
                  >
                    <Static className="compare__image compare__image--after">
                      {horse && <Picture image={horse.afterImage} sizes={IMAGE_SIZES} />}
                    </Static>
                    <div className="compare__before" style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}>
                      <Static className="compare__image">
                        {horse && <Picture image={horse.beforeImage} sizes={IMAGE_SIZES} />}
                      </Static>
                    </div>
                    {(['before', 'after'] as const).map((side) => (
                      <span key={side} className={`compare__label compare__label--${side}`} aria-hidden="true">
                        {LABELS[side]}
                      </span>
                    ))}
                    <div
                      className="compare__divider"
                      role="slider"
                      tabIndex={0}
                      aria-label={`${LABELS.divider}: ${name}`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={rounded}
                      aria-valuetext={`${rounded} % ${LABELS.before}`}
                      aria-orientation="horizontal"
                      onKeyDown={onKeyDown}
                      style={{ left: `${position}%` }}
                    >
                      <span className="compare__handle" aria-hidden="true">
                        <StrokeIcon path="M9 6l-5 6 5 6M15 6l5 6-5 6" />
                      </span>
                    </div>
                  </div>
                  <Static className="before-after__text" aria-live="polite">
                    {horse && <HorseText horse={horse} />}
                  </Static>
                </div>
              </Fragment>
            );
          })}
        </fieldset>
      </div>
    </section>
  );
}

/** Both descriptions; the layout's `data-side` shows one (CSS), "after" until the divider moves. */
function HorseText({ horse }: { horse: HorseCase }) {
  return (
    <>
      <p className="before-after__caption">
        <strong>{horse.name}</strong>, {horse.age} · <span data-when="after">{LABELS.after}</span>
        <span data-when="before">{LABELS.before}</span>
      </p>
      <p className="before-after__description" data-when="after">
        {horse.afterText}
      </p>
      <p className="before-after__description" data-when="before">
        {horse.beforeText}
      </p>
    </>
  );
}
