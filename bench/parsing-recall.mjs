// The parsing benchmark's recall questions (issue 29): answers that sit in table rows (docx, xlsx, pptx, PDF), on
// scanned pages and in slides, asked of the recall test of a space holding those files with its default chunking.
// A question is answered when one of the first five passages holds its answer where it should be: the row's cell with
// its header, the slide's sentence on that slide, the scanned page's sentence (as recognised) on that page.
import { questionWords, seeded } from './corpus.mjs';
import { addSpace, loadFiles, recallFive } from './parsing-api.mjs';
import { bigramShare, cellInLine, flat } from './parsing-score.mjs';

export const RECALL_SPACE = '解析召回';
/** The files of the recall space, by what they hold. */
export const RECALL_FILES = { docx: 'table-docx.docx', xlsx: 'table-xlsx.xlsx', pptx: 'table-pptx.pptx', pdf: 'table-pdf.pdf', scan: 'scan-300dpi.pdf', slides: 'slides.pptx' };
const TABLE_QUESTIONS = 3;
const SCAN_QUESTIONS = 10;
const SLIDE_QUESTIONS = 10;
/** A recognised sentence counts as the answer when the passage holds this share of its character pairs. */
const RECOGNISED_SHARE = 0.5;

/** A page's text as one run (pdftotext wraps lines; Chinese runs on across them). */
const pageRun = (text) => text.replace(/\s*\n\s*/g, ' ').replace(/(\p{Script=Han}) (?=\p{Script=Han})/gu, '$1').replace(/\s*([，。；：！？、（）“”])\s*/gu, '$1');
const hanCount = (s) => s.match(/\p{Script=Han}/gu)?.length ?? 0;

/** A question made of a sentence's words, as a user would type them. */
const askAbout = (sentence) => `${questionWords(sentence).slice(0, 5).join('')}？`;

/** Whether a recall hit's position covers a page. */
const onPage = (position, page) => position.page !== undefined && position.page <= page && page <= (position.page_to ?? position.page);

/** The question set (see the file's head), each with the file it is about and its check of a hit. */
export function recallQuestions(set) {
  const random = seeded(29);
  const out = [];
  for (const format of ['docx', 'xlsx', 'pptx', 'pdf']) {
    const [headers, ...rows] = set.tables[format];
    for (let q = 0; q < TABLE_QUESTIONS; q++) {
      const row = rows[Math.floor(random() * rows.length)];
      const c = 2 + (q % 3);
      const cell = { key: row[0], header: headers[c], value: row[c], headers };
      out.push({
        kind: 'table', file: RECALL_FILES[format], question: `型号 ${row[0]} 的${headers[c]}${headers[c] === '材质' ? '是什么' : '是多少'}？`,
        answered: (hit) => hit.content.split('\n').some((line) => cellInLine(line, cell)),
      });
    }
  }
  // Scanned pages: a whole sentence from inside a page (not one cut at its top or bottom), pages taken in turn.
  const asked = new Set();
  for (let q = 0; q < SCAN_QUESTIONS; q++) {
    const page = 1 + (q % set.scan.pages);
    const sentences = pageRun(set.scan.pageTexts[page - 1]).split(/(?<=[。！？])/u).slice(1, -1)
      .map((s) => s.trim()).filter((s) => hanCount(s) >= 15 && !asked.has(s));
    if (!sentences.length) continue;
    const sentence = sentences[Math.floor(random() * sentences.length)];
    asked.add(sentence);
    out.push({
      kind: 'scan', file: RECALL_FILES.scan, question: askAbout(sentence),
      answered: (hit, ids) => hit.document_id === ids.get(RECALL_FILES.scan) && onPage(hit.position, page) && bigramShare(sentence, hit.content) >= RECOGNISED_SHARE,
    });
  }
  set.slideList.slice(0, SLIDE_QUESTIONS).forEach((slide, i) => {
    const sentence = slide.body.join('').split(/(?<=[。！？])/u).find((s) => hanCount(s) >= 8) ?? slide.body[0];
    out.push({
      kind: 'slide', file: RECALL_FILES.slides, question: askAbout(sentence),
      answered: (hit, ids) => hit.document_id === ids.get(RECALL_FILES.slides) && hit.position.slide === i + 1 && flat(hit.content).includes(flat(sentence)),
    });
  });
  return out;
}

/**
 * The recall space loaded on a server and every question asked: the files' outcomes (id and seconds, or the reason
 * they failed) and per kind how many questions were asked and answered. A question about a file that failed is missed.
 */
export async function recallRun(s, token, set, questions) {
  await addSpace(s, token, RECALL_SPACE);
  const files = await loadFiles(s, token, RECALL_SPACE, Object.values(RECALL_FILES).map((f) => set.path(f)));
  const ids = new Map([...files].filter(([, f]) => f.id !== undefined).map(([name, f]) => [name, f.id]));
  const tally = { table: { asked: 0, answered: 0 }, scan: { asked: 0, answered: 0 }, slide: { asked: 0, answered: 0 } };
  for (const q of questions) {
    tally[q.kind].asked++;
    if (files.get(q.file)?.reason) continue;
    const five = await recallFive(s, token, RECALL_SPACE, q.question);
    if (five.some((hit) => q.answered(hit, ids))) tally[q.kind].answered++;
  }
  return { files, tally };
}
