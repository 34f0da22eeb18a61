import { Static } from '~/components/Static';
import type { QuestionCard, SectionTexts } from '~/lib/content-types';
import { SectionHeader } from './SectionHeader';
import './section.css';
import './Questions.css';

/** The "Ist es wahr, dass …" cards: content only, which the browser keeps as the server rendered it. */
export function Questions({ content }: { content?: { texts: SectionTexts; questions: QuestionCard[] } }) {
  return (
    <Static as="section" className="section questions" aria-labelledby="questions-title">
      {content && (
        <div className="container">
          <SectionHeader texts={content.texts} id="questions-title" />
          <ul className="question-grid" data-reveal="">
            {content.questions.map((card) => (
              <li key={card.question} className="card question-card">
                <h3 className="question-card__question">{card.question}</h3>
                {card.answer && <p className="question-card__answer">{card.answer}</p>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Static>
  );
}
