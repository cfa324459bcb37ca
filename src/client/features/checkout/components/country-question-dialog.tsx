import { Dialog } from '#client/components/ui/dialog.tsx';
import { countryInSentence } from '#shared/taxes/taxes.ts';
import type { CountryQuestion } from '../use-payment-flow';

/**
 * The billing address and the card name different countries: VAT is charged by where the buyer lives, so they
 * say which one that is. Closing it answers nothing, and nothing is charged.
 */
export function CountryQuestionDialog({
  question,
  onAnswer,
}: {
  question: CountryQuestion | null;
  onAnswer: (country: string | null) => void;
}) {
  return (
    <Dialog open={question !== null} onClose={() => onAnswer(null)} title="Where do you live?">
      {question && (
        <div className="country-question">
          <p>{question.message}</p>
          <div className="button-row">
            {question.choices.map((country) => (
              <button key={country} type="button" className="button button--primary" onClick={() => onAnswer(country)}>
                I live in {countryInSentence(country)}
              </button>
            ))}
          </div>
        </div>
      )}
    </Dialog>
  );
}
