// Syntax highlighting of fenced code with one lowlight instance and the languages answers commonly use
// (rehype-highlight would build a lowlight with 37 grammars on every render).
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { createLowlight } from 'lowlight';

const lowlight = createLowlight({ bash, c, cpp, css, diff, go, java, javascript, json, python, shell, sql, typescript, xml, yaml });
lowlight.registerAlias({ bash: ['sh', 'zsh'], javascript: ['js', 'jsx'], typescript: ['ts', 'tsx'], xml: ['html', 'vue'], python: ['py'], yaml: ['yml'] });

/** The language of a `<code class="language-x">`, if registered. */
function languageOf(code: Element): string | null {
  const classes = code.properties.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  const name = list.find((c) => c.startsWith('language-'))?.slice('language-'.length).toLowerCase();
  return name && lowlight.registered(name) ? name : null;
}

function textOf(node: Element): string {
  return node.children.map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : '')).join('');
}

function visit(node: Root | Element): void {
  for (const child of node.children as (RootContent | ElementContent)[]) {
    if (child.type !== 'element') continue;
    const code = child.tagName === 'pre' ? child.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code') : undefined;
    const lang = code ? languageOf(code) : null;
    if (code && lang) {
      const tree = lowlight.highlight(lang, textOf(code));
      code.properties.className = ['hljs', `language-${lang}`];
      code.children = tree.children as ElementContent[];
    } else visit(child);
  }
}

/** Rehype plugin: highlights `pre > code.language-x` for the registered languages; other code stays plain. */
export function rehypeCodeHighlight() {
  return (tree: Root) => visit(tree);
}

/**
 * highlight.js compiles a grammar the first time it is used, tens of milliseconds for the larger ones: compile
 * them one per idle period after the page loads, so the first code block of an answer does not pay for it.
 */
export function warmUpHighlighting(): void {
  if (typeof requestIdleCallback !== 'function') return;
  const pending = lowlight.listLanguages();
  const next = () => {
    const lang = pending.shift();
    if (!lang) return;
    lowlight.highlight(lang, '');
    requestIdleCallback(next);
  };
  requestIdleCallback(next);
}
