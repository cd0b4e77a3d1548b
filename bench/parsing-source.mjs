// The source text of the parsing benchmark (issue 29): real prose nobody here wrote, from Debian's Chinese manuals as
// installed (maint-guide-zh-cn for the documents and the scans, debian-faq-zh-cn for the slides), read from their text
// editions into headings and paragraphs exactly as they will be written into the documents LibreOffice converts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export const MAINT_GUIDE = { file: '/usr/share/doc/maint-guide-zh-cn/maint-guide.zh-cn.txt.gz', pkg: 'maint-guide-zh-cn' };
export const FAQ = { file: '/usr/share/doc/debian/FAQ/debian-faq.zh-cn.txt.gz', pkg: 'debian-faq-zh-cn' };

/** How much prose the documents hold (characters of headings and paragraphs): about ten A4 pages. */
const PROSE_CHARS = 12_000;
const SLIDES = 12;
const SLIDE_BODY_CHARS = 260;
const NOTES_CHARS = 160;

/** The manuals' text editions, installed from Debian's archive when missing. */
export function manualTexts() {
  const missing = [MAINT_GUIDE, FAQ].filter((s) => !existsSync(s.file)).map((s) => s.pkg);
  if (missing.length) execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'ignore' });
  return { maintGuide: readFileSync(MAINT_GUIDE.file), faq: readFileSync(FAQ.file) };
}

const CJK_PUNCT = '\u3000-\u303f\uff00-\uffef\u2018-\u201d\u2026';
/** A wrapped block's lines as one line: Chinese runs on, Latin words keep a space. */
function joinLines(lines) {
  return lines.map((l) => l.trim()).join(' ')
    .replace(/(\p{Script=Han}) (?=\p{Script=Han})/gu, '$1')
    .replace(new RegExp(`\\s*([${CJK_PUNCT}])\\s*`, 'gu'), '$1')
    .replace(/\^ ?\[\d+\]/g, '')
    .trim();
}

const han = (s) => s.match(/\p{Script=Han}/gu)?.length ?? 0;
/** Prose: mostly Chinese (code, commands and link lists are not what these formats are measured on). */
const isProse = (s) => han(s) >= 10 && han(s) >= 0.3 * s.replace(/\s/g, '').length;

/** A heading line of the manuals' text editions: `第 1 章 …`, `1.1. …`, `A.3. …`; its level, or 0. */
function headingLevel(text) {
  if (/^第 ?\d+ ?章/.test(text)) return 1;
  const m = /^[0-9A-Z]+((?:\.\d+)+)\. \S/.exec(text);
  return m ? 1 + m[1].split('.').length - 1 : 0;
}

/**
 * A manual's body as blocks in order: headings (column 0, numbered) and paragraphs (blocks indented by four spaces);
 * lists, code, the table of contents and everything before the first chapter left out.
 */
export function manualBlocks(gz) {
  const text = gunzipSync(gz).toString('utf8').replace(/\u00a0/g, ' ');
  const blocks = [];
  let body = false;
  for (const raw of text.split(/\n[ \t]*\n/)) {
    const lines = raw.split('\n').filter((l) => l.trim());
    if (!lines.length) continue;
    const joined = joinLines(lines);
    const level = /^\S/.test(lines[0]) ? headingLevel(joined) : 0;
    if (level) {
      if (level === 1) body = true;
      if (body) blocks.push({ kind: 'heading', level, text: joined });
    } else if (body && lines.every((l) => /^ {4}\S/.test(l)) && isProse(joined)) {
      blocks.push({ kind: 'paragraph', text: joined });
    }
  }
  return blocks;
}

/** The documents' prose: the maint-guide's first headings and paragraphs, about PROSE_CHARS characters. */
export function proseBlocks(maintGuideGz) {
  const out = [];
  let length = 0;
  for (const block of manualBlocks(maintGuideGz)) {
    if (length >= PROSE_CHARS) break;
    out.push(block);
    length += block.text.length;
  }
  // A document does not end on a heading.
  while (out.length && out[out.length - 1].kind === 'heading') out.pop();
  return out;
}

/** The first sentences of a text up to `chars` characters (at least one sentence). */
function sentencesUpTo(text, chars) {
  let out = '';
  for (const s of text.split(/(?<=[。！？])/u)) {
    if (out && out.length + s.length > chars) break;
    out += s;
  }
  return out;
}

/**
 * The slides: FAQ sections in order, each a slide titled with its question. Every other slide has its first
 * paragraph as the body and the next one's first sentences as speaker notes; the others take paragraphs up to
 * SLIDE_BODY_CHARS as the body (a long first paragraph cut at a sentence).
 */
export function slideSet(faqGz) {
  const sections = [];
  for (const block of manualBlocks(faqGz)) {
    if (block.kind === 'heading') sections.push(block.level >= 2 ? { title: block.text, paragraphs: [] } : null);
    else sections[sections.length - 1]?.paragraphs.push(block.text);
  }
  const slides = [];
  for (const section of sections) {
    if (!section?.paragraphs.length) continue;
    if (slides.length >= SLIDES) break;
    const [first, ...rest] = section.paragraphs;
    const slide = { title: section.title, body: [sentencesUpTo(first, SLIDE_BODY_CHARS)] };
    if (slides.length % 2 === 0 && rest.length) slide.notes = sentencesUpTo(rest[0], NOTES_CHARS);
    else {
      for (const p of rest) {
        if (slide.body.reduce((n, b) => n + b.length, 0) + p.length > SLIDE_BODY_CHARS) break;
        slide.body.push(p);
      }
    }
    slides.push(slide);
  }
  return slides;
}

/** The slides' text as the source to score against: titles, bodies and notes. */
export const slidesText = (slides) => slides.flatMap((s) => [s.title, ...s.body, s.notes ?? '']).join('\n');

/** The prose's text as the source to score against. */
export const proseText = (blocks) => blocks.map((b) => b.text).join('\n');
