// THE visibility of test-case generations: the viewer's own, at a grade within the viewer's clearance, and (made from
// a knowledge document) only while the viewer may still read that document. A generation's items are the document's
// text: once the document is regraded above the owner's clearance or given review roles the owner lacks, the
// generation, its items, cases and exports are withheld as knowledge answers are (D23, D89); readable again, shown
// again. A deleted document leaves the generation to its own grade (its copy was made when it could be read).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { knowledgeDocuments, testcaseGenerations } from '../db/schema';
import { visibleTo, type Viewer } from '../knowledge/visibility';

export function generationVisibleTo(viewer: Viewer): SQL {
  if (viewer.system || viewer.grades.length === 0) return sql`false`;
  const unreadable = sql`exists (select 1 from ${knowledgeDocuments} where ${knowledgeDocuments.id} = ${testcaseGenerations.sourceDocId}
    and not coalesce(${visibleTo(viewer)}, false))`;
  return and(eq(testcaseGenerations.ownerId, viewer.id), inArray(testcaseGenerations.secrecy, viewer.grades), sql`not ${unreadable}`) as SQL;
}
