import type { QuestionCard, SectionTexts } from '~/lib/content-types';
import { ContentSection } from './ContentSection';
import './Questions.css';

/** The "Ist es wahr, dass …" cards: content only, which the browser keeps as the server rendered it. */
export function Questions({ content }: { content?: { texts: SectionTexts; questions: QuestionCard[] } }) {
  return (
    <ContentSection name="questions" content={content}>
      {({ questions }) => (
        <ul className="question-grid" data-reveal="">
          {questions.map((card) => (
            <li key={card.question} className="card question-card">
              <h3 className="question-card__question">{card.question}</h3>
              {card.answer && <p className="question-card__answer">{card.answer}</p>}
            </li>
          ))}
        </ul>
      )}
    </ContentSection>
  );
}
