import type { QuestionCard, SectionTexts } from '~/lib/content-types';
import { SectionHeader } from './SectionHeader';
import './section.css';
import './Questions.css';

/** The "Ist es wahr, dass …" cards. */
export function Questions({ texts, questions }: { texts: SectionTexts; questions: QuestionCard[] }) {
  return (
    <section className="section questions" aria-labelledby="questions-title">
      <div className="container">
        <SectionHeader texts={texts} id="questions-title" />
        <ul className="question-grid" data-reveal="">
          {questions.map((card) => (
            <li key={card.question} className="card question-card">
              <h3 className="question-card__question">{card.question}</h3>
              {card.answer && <p className="question-card__answer">{card.answer}</p>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
