// What a document reader gives back (issue 29): the document as blocks of text in reading order, each knowing where
// it sits in the original, so chunks can keep tables' rows with their headers, carry their heading path, and point
// into the page, slide or sheet they came from.
import type { OfficeConfig } from '../../config-office';
import type { ZipLimits } from '../../uploads/limits';
import type { TaskProgress } from '../../workers/task-channel';
import type { OcrSettings } from './ocr/settings';

/** Where a block (and so a chunk) sits in the original. Pages, slides and rows count from 1. */
export type SourcePosition = {
  /** The page of a paged format (PDF, OFD, a scan, a multi-page TIFF). */
  page?: number;
  /** The slide of a presentation (pptx, ppt, dps, odp). */
  slide?: number;
  /** The sheet of a spreadsheet (xlsx, xls, et, ods, csv has one unnamed sheet). */
  sheet?: string;
  /** The first and last row of a spreadsheet's rows, in the sheet's own numbering. */
  rows?: [number, number];
  /** The text's box on its page, in points from the page's top left corner: x, y, width, height. */
  box?: [number, number, number, number];
};

/**
 * One block of text as read:
 * - `heading`: a heading of `level` (1 is the highest); the headings above a block make its chunk's path;
 * - `paragraph`: running text;
 * - `row`: one table row, already written with its header cells (`表头：值；…`, table-text.ts), never cut apart;
 * - `title`: a slide's or a sheet's title (starts a new chunk, is not part of the heading path);
 * - `notes`: a slide's speaker notes, kept with the slide.
 */
export type TextBlock = {
  kind: 'heading' | 'paragraph' | 'row' | 'title' | 'notes';
  text: string;
  level?: number;
  at: SourcePosition;
  /**
   * Where a picture sits: the index in `ReadDocument.images` of the picture whose recognised text takes this block's
   * place (its own text is empty). readDocument replaces it; nothing after reading sees one.
   */
  image?: number;
};

/**
 * A picture inside a document (docx, pptx, OFD) that may hold text: its encoded bytes as stored in the package (png,
 * jpeg, …) and where it sits (OFD: its page and box; pptx: its slide; docx: nothing, a docx has no pages). The readers
 * collect them, with a block marking the place of each (`TextBlock.image`); readDocument recognises their text
 * (ocr/pictures.ts).
 */
export type EmbeddedImage = { bytes: Buffer; at: SourcePosition };

/**
 * A document as read. `pages` counts the pages of a paged format; `ocrPages` those whose text was recognised;
 * `images` the pictures found inside it, for OCR.
 */
export type ReadDocument = { blocks: TextBlock[]; pages?: number; ocrPages?: number; images?: EmbeddedImage[] };

/** The most pages a paged document may have when the configuration says nothing (DOC_MAX_PAGES). */
export const DEFAULT_DOC_MAX_PAGES = 500;

/** What a reader may use: the archive limits, the page cap, a way to say how far it got, the signal that stops it, OCR's settings. */
export type ReadContext = {
  limits: ZipLimits;
  /** The most pages a paged document may have (DOC_MAX_PAGES); DEFAULT_DOC_MAX_PAGES when absent. */
  maxPages?: number;
  /** Called as a long document advances (pages or pictures recognised of all); shown in the document list. */
  progress?: TaskProgress;
  signal?: AbortSignal;
  /** LibreOffice for the formats only an office suite reads (SOFFICE_*); absent: soffice on PATH, default bounds. */
  office?: OfficeConfig;
  /** How text is recognised in scans and images (the pixel cap, the engine); DEFAULT_OCR_SETTINGS when absent. */
  ocr?: OcrSettings;
};

/** A reader of one format. It throws on a file it cannot read; the caller turns that into a Chinese reason. */
export type Reader = (bytes: Buffer, context: ReadContext) => Promise<ReadDocument>;
