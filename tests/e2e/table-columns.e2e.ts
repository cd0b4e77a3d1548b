// The data table's columns at 1280×720, 1440×900 and 1920×1080 (issue 27 §6 and §8, spec §9): the index and
// selection columns keep 64 and 55 px and the fixed 操作 column its 200 px at every width, the 操作 buttons are in
// the window, and the columns a user needs (账号操作, 结果/IP/详情, 状态) are in view, not hidden behind the fixed
// column or cut, on the real pages.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { SCREENSHOT_DIR, screenshotBoth } from './support/browser';
import { ADMIN_PASSWORD } from './support/server';
import { serverAndBrowser } from './support/suite';
import { signedInPage } from './support/app';

const suite = serverAndBrowser();

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

/** What the shown page's table measures, read from the DOM with getBoundingClientRect. */
type Measured = {
  index: number | null;
  selection: number | null;
  tools: number | null;
  /** The first row's 操作 buttons: whether each is inside the window and on top at its centre. */
  toolButtons: { text: string; inWindow: boolean; onTop: boolean }[];
  /** How much taller the tallest row is than the shortest: 0 when no cell wraps onto a second line. */
  rowSpread: number;
  /** Each named column: its heading and first cell in view (inside the table, the window, not under the fixed 操作), and not cut. */
  named: Record<string, { inView: boolean; onTop: boolean; cut: boolean; where: string } | null>;
};

/** Measures the table of the shown page pane; `named` are column headings, `mayCut` those cut with an ellipsis by design. */
async function measure(page: Page, named: string[], mayCut: string[] = []): Promise<Measured> {
  return page.evaluate(({ named, mayCut }) => {
    const pane = document.querySelector('[data-testid="page-pane"][aria-hidden="false"]')!;
    const table = pane.querySelector<HTMLElement>('.ant-table')!;
    const box = table.getBoundingClientRect();
    const heads = [...table.querySelectorAll<HTMLElement>('thead th')];
    const head = (text: string) => heads.find((th) => th.textContent?.trim() === text) ?? null;
    const width = (el: Element | null) => (el ? el.getBoundingClientRect().width : null);
    const toolsHead = head('操作');
    const toolsLeft = toolsHead ? toolsHead.getBoundingClientRect().left : Infinity;
    const firstRow = table.querySelector<HTMLElement>('tbody tr.ant-table-row')!;
    const cellUnder = (th: HTMLElement) => firstRow.children[[...th.parentElement!.children].indexOf(th)] as HTMLElement;
    // Nothing else drawn over the element's centre (a disabled button takes no pointer events: its cell counts).
    const onTop = (el: HTMLElement, within: HTMLElement = el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && (within === hit || within.contains(hit));
    };
    const topmost = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit ? `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}` : 'nothing';
    };
    // Inside the table and the window, and left of the fixed 操作 column (not under it).
    const inView = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      const right = Math.min(box.right, window.innerWidth, toolsLeft);
      return r.left >= box.left - 0.5 && r.right <= right + 0.5 && r.top >= 0 && r.bottom <= window.innerHeight;
    };
    const toolCell = toolsHead ? cellUnder(toolsHead) : null;
    const toolButtons = [...(toolCell?.querySelectorAll<HTMLElement>('button') ?? [])].map((b) => {
      const r = b.getBoundingClientRect();
      return {
        text: b.textContent?.trim() ?? '',
        inWindow: r.left >= 0 && r.right <= window.innerWidth && r.top >= 0 && r.bottom <= window.innerHeight && r.width > 0,
        onTop: onTop(b, toolCell!),
      };
    });
    const namedOut: Measured['named'] = {};
    for (const title of named) {
      const th = head(title);
      if (!th) {
        namedOut[title] = null;
        continue;
      }
      const td = cellUnder(th);
      // Cut: the heading or the first cell's content wider than the cell (a column whose text ellipsis cuts by design excepted).
      const overflows = (el: HTMLElement) => el.scrollWidth > el.clientWidth + 1;
      namedOut[title] = {
        inView: inView(th) && inView(td),
        onTop: onTop(th) && onTop(td),
        cut: overflows(th) || (!mayCut.includes(title) && overflows(td)),
        // For the failure message: where the heading is, beside the table and the fixed 操作 column, and what is on top of it.
        where: `heading ${Math.round(th.getBoundingClientRect().left)}–${Math.round(th.getBoundingClientRect().right)}, `
          + `table ${Math.round(box.left)}–${Math.round(box.right)}, 操作 from ${Math.round(toolsLeft)}, on top: ${topmost(th)}`,
      };
    }
    const rowHeights = [...table.querySelectorAll('tbody tr.ant-table-row')].map((r) => r.getBoundingClientRect().height);
    return {
      rowSpread: Math.max(...rowHeights) - Math.min(...rowHeights),
      index: width(head('序号')),
      selection: width(table.querySelector('thead th.ant-table-selection-column')),
      tools: width(toolsHead),
      toolButtons,
      named: namedOut,
    };
  }, { named, mayCut });
}

/** Waits until the shown table measures the same twice in a row (a resize is followed by a frame or two of layout). */
async function settled(page: Page, named: string[], mayCut: string[]): Promise<Measured> {
  let last = '';
  for (let i = 0; i < 40; i++) {
    const m = await measure(page, named, mayCut);
    const now = JSON.stringify(m);
    if (now === last) return m;
    last = now;
    await page.waitForTimeout(150);
  }
  throw new Error(`the table did not settle: ${last}`);
}

/**
 * Checks `route`'s table at each window size twice: with the window resized to it (panes as the page opened them at
 * the size before) and with the page opened at it (pages choose their panes' widths when they open).
 */
async function checkAtEverySize(page: Page, baseUrl: string, route: string, o: {
  named: string[];
  mayCut?: string[];
  selection: boolean;
  screenshot: string;
}): Promise<void> {
  const firstRow = page.locator(`[data-testid="page-pane"][data-key="${route}"][aria-hidden="false"] tbody tr.ant-table-row`).first();
  await page.setViewportSize(SIZES[1]);
  await page.goto(`${baseUrl}/#${route}`);
  await firstRow.waitFor({ state: 'visible', timeout: 15_000 });
  for (const size of SIZES) {
    for (const how of ['resized to', 'opened at'] as const) {
      await page.setViewportSize(size);
      if (how === 'opened at') await page.reload();
      await firstRow.waitFor({ state: 'visible', timeout: 15_000 });
      const m = await settled(page, o.named, o.mayCut ?? []);
      const at = `${route} ${how} ${size.width}×${size.height}`;
      expect.soft(m.index, `序号 width, ${at}`).toBeCloseTo(64, 0);
      if (o.selection) expect.soft(m.selection, `selection width, ${at}`).toBeCloseTo(55, 0);
      expect.soft(m.tools, `操作 width, ${at}`).toBeCloseTo(200, 0);
      expect.soft(m.toolButtons.length, `操作 buttons, ${at}`).toBeGreaterThan(0);
      expect.soft(m.rowSpread, `rows of one line, ${at}`).toBeLessThan(2);
      for (const b of m.toolButtons) expect.soft(b, `操作 button ${b.text}, ${at}`).toMatchObject({ inWindow: true, onTop: true });
      for (const title of o.named) {
        expect.soft(m.named[title], `column ${title}, ${at}: ${m.named[title]?.where}`).toMatchObject({ inView: true, onTop: true, cut: false });
      }
      if (how === 'opened at') await page.screenshot({ path: join(SCREENSHOT_DIR, `${o.screenshot}-opened-${size.width}x${size.height}.png`) });
    }
  }
  // As a user sees it: opened at 1440×900, then the window made 1280×720.
  await page.setViewportSize(SIZES[1]);
  await page.reload();
  await firstRow.waitFor({ state: 'visible', timeout: 15_000 });
  await screenshotBoth(page, o.screenshot);
}

describe('data table columns at 1280, 1440 and 1920 px', () => {
  it('人员管理 (secadmin): 账号操作 in view beside 操作, 序号 64 px, 操作 200 px', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'secadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    await checkAtEverySize(page, suite.server.url, '/sysMgr/userMgr', {
      named: ['账号操作'], selection: false, screenshot: 'table-columns-secadmin-users',
    });
    await context.close();
  });

  it('人员管理 (sysadmin): the selection column 55 px and 序号 64 px at every width', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'sysadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    await checkAtEverySize(page, suite.server.url, '/sysMgr/userMgr', {
      named: ['账号操作'], selection: true, screenshot: 'table-columns-sysadmin-users',
    });
    await context.close();
  });

  it('日志管理 (auditadmin): 结果, IP 地址 and 详情 in view', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'auditadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    await checkAtEverySize(page, suite.server.url, '/sysMgr/logMgr', {
      named: ['结果', 'IP 地址', '详情'], mayCut: ['详情'], selection: false, screenshot: 'table-columns-audit-log',
    });
    await context.close();
  });

  it('字典管理 (sysadmin): 状态 in view', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'sysadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    await checkAtEverySize(page, suite.server.url, '/sysMgr/dictMgr', {
      named: ['状态'], selection: false, screenshot: 'table-columns-dict',
    });
    await context.close();
  });
});
