import { useState } from 'react';
import { excerpt } from './excerpt';
import styles from './HighlightedText.module.css';

export type HighlightedTextProps = {
  text: string;
  /** Words to highlight (case aside). */
  words: readonly string[];
  /** Longest excerpt shown before 展开全文; the excerpt starts shortly before the first match. Default: all. */
  max?: number;
};

/** A passage with the searched words highlighted, shown from shortly before its first match when it is long. */
export function HighlightedText({ text, words, max }: HighlightedTextProps) {
  const [whole, setWhole] = useState(false);
  const { parts, cutStart, cutEnd } = excerpt(text, words, whole ? Infinity : max);
  return (
    <span className={styles.text}>
      {cutStart && '…'}
      {parts.map((part, i) => (part.match ? <mark key={i} className={styles.mark}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
      {cutEnd && '…'}
      {(cutStart || cutEnd) && (
        <button type="button" className={styles.more} onClick={() => setWhole(true)}>
          展开全文
        </button>
      )}
    </span>
  );
}
