import { TEST_CARDS } from '../test-cards';

/** The test provider's cards and what each does, on the card form and the payment test page alike. */
export function TestCardList() {
  return (
    <ul>
      {TEST_CARDS.map((card) => (
        <li key={card.number}>
          <span className="card-form__test-number">{card.number}</span> {card.result}
        </li>
      ))}
    </ul>
  );
}
