import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { Children, isValidElement, useRef, useState, type ComponentProps } from 'react';
import { copyText } from '../copy-text';
import styles from './markdown.module.css';

/** A fenced code block with its language and a copy button. */
export function CodeBlock({ children, node: _node, ...rest }: ComponentProps<'pre'> & { node?: unknown }) {
  const ref = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const code = Children.toArray(children)[0];
  const className = isValidElement<{ className?: string }>(code) ? code.props.className : undefined;
  const lang = /language-([\w-]+)/.exec(className ?? '')?.[1];
  const copy = async () => {
    if (await copyText(ref.current?.textContent ?? '')) {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    }
  };
  return (
    <div className={styles.code}>
      <div className={styles.codeBar}>
        <span>{lang ?? '代码'}</span>
        <Tooltip title={copied ? '已复制' : '复制代码'}>
          <Button type="text" size="small" aria-label="复制代码" icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={() => void copy()} />
        </Tooltip>
      </div>
      <pre ref={ref} {...rest}>
        {children}
      </pre>
    </div>
  );
}
