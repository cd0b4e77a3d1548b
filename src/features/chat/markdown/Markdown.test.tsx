import { render } from '../../../test/render';
import { describe, expect, it, vi } from 'vitest';
import { Markdown } from './Markdown';
import { safeUrl } from './safe-url';
import { splitBlocks } from './split-blocks';

vi.mock('../../../platform', () => ({ openExternal: vi.fn(async () => true) }));

// Payloads from the usual XSS cheat sheets, as a model (or a poisoned document it quotes) might write them.
const PAYLOADS = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1"><circle r="1"/></svg>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<a href="javascript:alert(1)">html link</a>',
  '<div onclick="alert(1)" style="position:fixed">click</div>',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '[md link](javascript:alert(1))',
  '[upper](JAVASCRIPT:alert(1))',
  '[entity](&#106;avascript:alert(1))',
  '[hex entity](&#x6A;&#x61;vascript:alert(1))',
  '[tab](java\tscript:alert(1))',
  '[leading space]( javascript:alert(1))',
  '[newline](<java\nscript:alert(1)>)',
  '[percent](javascript%3Aalert(1))',
  '[vb](vbscript:msgbox(1))',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[file](file:///etc/passwd)',
  '[ref link][r]\n\n[r]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '![remote](https://tracker.example.com/pixel.png)',
  '![data image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![js image](javascript:alert(1))',
  '<img src="https://tracker.example.com/p.gif">',
  '```html\n<script>alert(1)</script>\n```',
  '| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | [x](javascript:alert(1)) |',
];

function renderAll(text: string) {
  return render(<Markdown text={text} />).container;
}

function assertSafe(container: HTMLElement) {
  expect(container.querySelectorAll('script, iframe, object, embed, style, form, math, img, details')).toHaveLength(0);
  // The only SVG allowed is antd's own icons (copy button, image marker).
  expect([...container.querySelectorAll('svg')].filter((svg) => !svg.closest('.anticon'))).toHaveLength(0);
  for (const el of container.querySelectorAll('*')) {
    for (const attr of el.getAttributeNames()) {
      expect(attr.startsWith('on'), `${el.tagName} has ${attr}`).toBe(false);
      expect(attr).not.toBe('srcdoc');
      expect(attr).not.toBe('style');
    }
  }
  for (const a of container.querySelectorAll('a')) {
    const href = a.getAttribute('href') ?? '';
    expect(href, `unsafe href ${href}`).toMatch(/^(https?:\/\/|mailto:)/);
  }
  expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
}

describe('answer markdown against XSS', () => {
  it.each(PAYLOADS)('renders %j without script, handlers, javascript: links or remote images', (payload) => {
    assertSafe(renderAll(payload));
  });

  it('renders all payloads together safely, showing raw HTML as text', () => {
    const container = renderAll(PAYLOADS.join('\n\n'));
    assertSafe(container);
    expect(container.textContent).toContain('<script>window.__xss = 1</script>');
  });

  it('shows a remote image as a link to it instead of loading it', () => {
    const container = renderAll('![季度报表](https://example.com/chart.png)');
    expect(container.querySelector('img')).toBeNull();
    const link = container.querySelector('a')!;
    expect(link).toHaveTextContent('图片：季度报表');
    expect(link.getAttribute('href')).toBe('https://example.com/chart.png');
  });

  it('keeps safe links, tables and highlighted code', () => {
    const container = renderAll('见 [文档](https://example.com/a) 或 <mailto:it@example.com>\n\n| 名称 | 数量 |\n|---|---|\n| 甲 | 1 |\n\n```ts\nconst a: number = 1;\n```');
    expect(container.querySelector('a[href="https://example.com/a"]')).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(container.querySelector('a[href="mailto:it@example.com"]')).not.toBeNull();
    expect(container.querySelectorAll('table td')).toHaveLength(2);
    expect(container.querySelector('code.hljs.language-ts, code.hljs.language-typescript')).not.toBeNull();
    expect(container.querySelector('.hljs-keyword')).toHaveTextContent('const');
    expect(container.querySelector('button[aria-label="复制代码"]')).not.toBeNull();
  });
});

describe('safeUrl', () => {
  it.each([
    ['https://example.com/x', 'https://example.com/x'],
    ['HTTP://EXAMPLE.COM', 'HTTP://EXAMPLE.COM'],
    ['mailto:a@b.cn', 'mailto:a@b.cn'],
    ['javascript:alert(1)', null],
    [' \tjava\nscript:alert(1)', null],
    ['\u0000javascript:alert(1)', null],
    ['data:text/html,x', null],
    ['/chatWindow', null],
    ['//evil.example.com', null],
    ['https:/example.com', null],
  ])('%j → %j', (url, expected) => {
    expect(safeUrl(url)).toBe(expected);
  });
});

describe('splitBlocks', () => {
  it('splits at blank lines but never inside a code fence', () => {
    expect(splitBlocks('段落一\n续行\n\n```py\na = 1\n\nb = 2\n```\n\n| a |\n|---|\n| 1 |')).toEqual([
      '段落一\n续行', '```py\na = 1\n\nb = 2\n```', '| a |\n|---|\n| 1 |',
    ]);
  });

  it('keeps an unclosed fence (still streaming) as one block', () => {
    expect(splitBlocks('前言\n\n~~~\ncode\n\nmore')).toEqual(['前言', '~~~\ncode\n\nmore']);
  });
});
