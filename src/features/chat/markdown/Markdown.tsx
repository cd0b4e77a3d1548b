import { FileImageOutlined } from '@ant-design/icons';
import { memo, type ComponentProps, type MouseEvent } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import 'highlight.js/styles/github.css';
import { openExternal } from '../../../platform';
import { CodeBlock } from './CodeBlock';
import { rehypeCodeHighlight } from './highlight';
import styles from './markdown.module.css';
import { safeUrl } from './safe-url';
import { splitBlocks } from './split-blocks';

type Props<T extends keyof React.JSX.IntrinsicElements> = ComponentProps<T> & { node?: unknown };

function openLink(event: MouseEvent<HTMLAnchorElement>, href: string) {
  event.preventDefault();
  void openExternal(href);
}

// Links open outside the app (the desktop's system browser); unsafe ones (href dropped by safeUrl) stay text.
function Link({ href, children, node: _node, ...rest }: Props<'a'>) {
  if (!href) return <span>{children}</span>;
  return (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer nofollow" onClick={(e) => openLink(e, href)}>
      {children}
    </a>
  );
}

// Images are never loaded from where the model points: no tracking pixels, no internal addresses probed.
function Image({ src, alt }: Props<'img'>) {
  const label = `图片${alt ? `：${alt}` : ''}`;
  if (typeof src !== 'string' || !src) return <span className={styles.image}><FileImageOutlined /> {label}</span>;
  return (
    <a className={styles.image} href={src} target="_blank" rel="noopener noreferrer nofollow" onClick={(e) => openLink(e, src)}>
      <FileImageOutlined /> {label}
    </a>
  );
}

function Table({ node: _node, ...rest }: Props<'table'>) {
  return (
    <div className={styles.tableWrap}>
      <table {...rest} />
    </div>
  );
}

const COMPONENTS: Components = { a: Link, img: Image, pre: CodeBlock, table: Table };
const REMARK = [remarkGfm];
const REHYPE = [rehypeCodeHighlight];

/** One block of markdown; memoised, so a finished block is not parsed again while the answer streams. */
const Block = memo(function Block({ text }: { text: string }) {
  return (
    <div className={styles.block}>
      <ReactMarkdown remarkPlugins={REMARK} rehypePlugins={REHYPE} components={COMPONENTS} urlTransform={safeUrl}>
        {text}
      </ReactMarkdown>
    </div>
  );
});

/**
 * Markdown of a model answer, rendered safely: raw HTML is shown as text, links only to http(s)/mailto,
 * images as links, GFM tables, highlighted code with a copy button.
 */
export function Markdown({ text }: { text: string }) {
  const blocks = splitBlocks(text);
  return (
    <div className={styles.markdown}>
      {blocks.map((block, i) => (
        <Block key={i} text={block} />
      ))}
    </div>
  );
}
