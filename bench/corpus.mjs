// Real Chinese text for the benchmarks (issue 16): Debian's Chinese manuals from its archive (debian-reference-zh-cn,
// debian-faq-zh-cn, maint-guide-zh-cn; installed with apt-get when missing), cut into sentences. Larger sets are made
// by recombining those sentences (short runs of consecutive sentences from places drawn with a seeded generator), and
// every figure built on them says so.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const SOURCES = [
  { file: '/usr/share/doc/debian-reference-zh-cn/docs/debian-reference.zh-cn.txt.gz', pkg: 'debian-reference-zh-cn' },
  { file: '/usr/share/doc/debian/FAQ/debian-faq.zh-cn.txt.gz', pkg: 'debian-faq-zh-cn' },
  { file: '/usr/share/doc/maint-guide-zh-cn/maint-guide.zh-cn.txt.gz', pkg: 'maint-guide-zh-cn' },
];

/** A seeded generator (mulberry32): the same sets on every run. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Debian's 251-page Chinese PDF (debian-reference-zh-cn: real fonts, layout and text). */
export const REAL_PDF = '/usr/share/debian-reference/debian-reference.zh-cn.pdf';

/** The real PDF's bytes, installed from Debian's archive when missing. */
export function realPdf() {
  if (!existsSync(REAL_PDF)) execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'debian-reference-zh-cn'], { stdio: 'ignore' });
  return readFileSync(REAL_PDF);
}

let cached = null;
/** The manuals' prose sentences (six Chinese characters or more, mostly Chinese), in their order, wrapped lines joined. */
export function realSentences() {
  if (cached) return cached;
  const missing = SOURCES.filter((s) => !existsSync(s.file)).map((s) => s.pkg);
  if (missing.length) execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'ignore' });
  const out = [];
  for (const { file } of SOURCES) {
    const text = gunzipSync(readFileSync(file)).toString('utf8').replace(/\u00a0/g, ' ');
    // A paragraph's lines joined (Chinese needs no space at a wrap), then cut after 。！？；.
    for (const para of text.split(/\n\s*\n/)) {
      const joined = para.split('\n').map((l) => l.trim()).filter(Boolean).join(' ').replace(/(\p{Script=Han}) (?=\p{Script=Han})/gu, '$1');
      for (const s of joined.split(/(?<=[。！？；])/u)) {
        const sentence = s.trim();
        const han = sentence.match(/\p{Script=Han}/gu)?.length ?? 0;
        // Prose only: the manuals' tables (| and +--- lines) are not sentences.
        if (han >= 6 && han >= 0.3 * sentence.replace(/\s/g, '').length && !/[|+]-{3}|\|.*\|/.test(sentence)) out.push(sentence);
      }
    }
  }
  cached = out;
  return out;
}

/** `n` passages of about `chars` characters, each made of short runs of consecutive real sentences (their indexes). */
export function recombinedRuns(n, chars, seed = 1) {
  const sentences = realSentences();
  const random = seeded(seed);
  const passages = [];
  for (let i = 0; i < n; i++) {
    const picked = [];
    let length = 0;
    while (length < chars) {
      const start = Math.floor(random() * sentences.length);
      const run = 1 + Math.floor(random() * 3);
      for (let k = 0; k < run && length < chars; k++) {
        const at = (start + k) % sentences.length;
        picked.push(at);
        length += sentences[at].length;
      }
    }
    passages.push(picked);
  }
  return passages;
}

const segmenter = new Intl.Segmenter('zh-CN', { granularity: 'word' });
/** The indexed terms of a text, as server/knowledge/segment.ts makes them (words, and a Chinese word's characters). */
export function indexTerms(text) {
  const out = [];
  for (const { segment, isWordLike } of segmenter.segment(text.normalize('NFKC'))) {
    if (!isWordLike) continue;
    const w = segment.toLowerCase().slice(0, 40);
    out.push(w);
    if (w.length > 1 && /^\p{Script=Han}+$/u.test(w)) out.push(...w);
  }
  return out.join(' ');
}

/** The words of a sentence that make a question (two characters or more), for distinct recall questions. */
export function questionWords(sentence) {
  return [...segmenter.segment(sentence)].filter((s) => s.isWordLike && s.segment.length >= 2).map((s) => s.segment);
}
