// Before/after: five horses to choose from at the side; a divider starting at 50 %, dragged with
// the pointer or moved with the keyboard (role="slider"); at 50 or less the text shows the "after"
// description, above 50 the "before" description.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Picture } from '~/components/Picture';
import type { HorseCase, SectionTexts } from '~/lib/content-types';
import {
  clampPosition,
  descriptionFor,
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

export function BeforeAfter({ texts, horses }: { texts: SectionTexts; horses: HorseCase[] }) {
  const [selected, setSelected] = useState(0);
  const [position, setPosition] = useState(START_POSITION);
  const stage = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const horse = horses[selected] ?? horses[0];
  if (!horse) return null;

  const moveTo = (clientX: number) => {
    const rect = stage.current?.getBoundingClientRect();
    if (rect) setPosition(positionFromPointer(clientX, rect.left, rect.width));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    moveTo(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(event.clientX);
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
  const side = descriptionSide(position);

  return (
    <section className="section before-after" aria-labelledby="before-after-title">
      <div className="container">
        <SectionHeader texts={texts} id="before-after-title" />
        <div className="before-after__layout">
          <ul className="horse-list" aria-label={LABELS.chooseHorse}>
            {horses.map((h, i) => (
              <li key={h.name}>
                <button
                  type="button"
                  className="horse-list__button"
                  aria-pressed={i === selected}
                  onClick={() => {
                    setSelected(i);
                    setPosition(START_POSITION);
                  }}
                >
                  <span className="horse-list__name">{h.name}</span>
                  <span className="horse-list__age">{h.age}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="before-after__main">
            <div
              ref={stage}
              className="compare"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              style={{ aspectRatio: `${horse.afterImage.width} / ${horse.afterImage.height}` }}
            >
              <Picture image={horse.afterImage} sizes={IMAGE_SIZES} className="compare__image" />
              <div className="compare__before" style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}>
                <Picture image={horse.beforeImage} sizes={IMAGE_SIZES} className="compare__image" />
              </div>
              <span className="compare__label compare__label--before" aria-hidden="true">
                {LABELS.before}
              </span>
              <span className="compare__label compare__label--after" aria-hidden="true">
                {LABELS.after}
              </span>
              <div
                className="compare__divider"
                role="slider"
                tabIndex={0}
                aria-label={`${LABELS.divider}: ${horse.name}`}
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
            <div className="before-after__text" data-side={side} aria-live="polite">
              <p className="before-after__horse">
                <strong>{horse.name}</strong>, {horse.age} · {side === 'after' ? LABELS.after : LABELS.before}
              </p>
              <p className="before-after__description">{descriptionFor(position, horse)}</p>
            </div>
            <noscript>
              <ul className="before-after__all">
                {horses.map((h) => (
                  <li key={h.name}>
                    <strong>
                      {h.name}, {h.age}
                    </strong>
                    <br />
                    {LABELS.before}: {h.beforeText}
                    <br />
                    {LABELS.after}: {h.afterText}
                  </li>
                ))}
              </ul>
            </noscript>
          </div>
        </div>
      </div>
    </section>
  );
}
