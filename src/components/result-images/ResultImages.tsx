import { LoadingOutlined, PictureOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import styles from './ResultImages.module.css';

export type ResultImageProps = {
  /** The image's address (data: or blob:); absent while it loads. */
  src?: string;
  alt: string;
  /** It could not be loaded. */
  failed?: boolean;
};

/** One image of a result: a thumbnail that a click shows at full width, and back. */
export function ResultImage({ src, alt, failed = false }: ResultImageProps) {
  const [large, setLarge] = useState(false);
  if (failed) return <span className={styles.placeholder}><PictureOutlined /> 图片加载失败</span>;
  if (!src) return <span className={styles.placeholder} aria-busy="true"><LoadingOutlined /> 图片加载中…</span>;
  return (
    <button
      type="button"
      className={large ? `${styles.frame} ${styles.large}` : styles.frame}
      title={large ? '点击缩小' : '点击放大'}
      aria-pressed={large}
      onClick={() => setLarge((v) => !v)}
    >
      <img src={src} alt={alt} className={styles.image} />
    </button>
  );
}

/** The images of a result, side by side (wrapping). */
export function ResultImages({ children, label = '结果图片' }: { children: ReactNode; label?: string }) {
  return <div className={styles.list} role="group" aria-label={label}>{children}</div>;
}
