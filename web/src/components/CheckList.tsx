import type { ReactNode } from 'react';
import { CheckIcon } from './Icons';

/** A bullet list with a check icon per item. */
export function CheckList({ items, className }: { items: readonly ReactNode[]; className?: string }) {
  return (
    <ul className={['checklist', className].filter(Boolean).join(' ')}>
      {items.map((item, i) => (
        <li key={i} className="checklist__item">
          <CheckIcon size={18} className="checklist__icon" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
