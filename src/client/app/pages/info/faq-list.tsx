import type { ReactNode } from 'react';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/**
 * Questions as native <details>/<summary>: each opens with Enter or Space, is announced as expandable, and its
 * answer can still be found with the browser's find-in-page.
 */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="faq">
      {items.map((item) => (
        <details key={item.question} className="faq__item">
          <summary className="faq__question">{item.question}</summary>
          <div className="faq__answer">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
