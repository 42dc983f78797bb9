import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** A box that is wider inside than the room it has: the page itself or a visible scroll box. */
export interface Overflow {
  /** Readable selector path of the box ('page' for the document itself). */
  box: string;
  /** What the box holds: its accessible name, a table's name, a heading or its first words. */
  holds: string;
  scrollWidth: number;
  clientWidth: number;
  /** For the page: the outermost elements that stick out past its right edge. For a box: its widest child. */
  culprits: string[];
}

/** One axe-core violation. */
export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: number;
  targets: string[];
}

/**
 * Measures sideways overflow in the page as a user would meet it:
 * `document.scrollingElement.scrollWidth <= clientWidth`, and the same for every element whose
 * computed overflow-x is auto or scroll, allowing 1 px of rounding. Only boxes a user can see count:
 * rendered (`checkVisibility` with CSS visibility and opacity), larger than 1 × 1 px (not a
 * visually-hidden helper) and at least partly inside the viewport horizontally (not a closed,
 * off-screen drawer). Text inputs and selects are left out: a long value scrolling inside its
 * field is how an input works, not a layout fault.
 */
export function measureOverflow(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const SLACK = 1;
    const hashClass = /^(css-|jss)|^Mui[A-Za-z]+-(colorPrimary|colorSecondary|colorDefault|sizeSmall|sizeMedium|sizeLarge|elevation\d*|rounded|outlined|text|contained|gutters|padding[A-Za-z]*|disableGutters|fullWidth)$/;
    const nameOf = (el: Element): string => {
      let s = el.tagName.toLowerCase();
      const testId = el.getAttribute('data-testid');
      if (testId) return `${s}[data-testid="${testId}"]`;
      if (el.id && !/^[:«]|^mui-|\d{3,}/.test(el.id)) s += `#${el.id}`;
      const classes = [...el.classList].filter((c) => !hashClass.test(c));
      const ra = classes.filter((c) => c.startsWith('Ra'));
      const picked = (ra.length ? ra : classes).slice(0, 2);
      return s + picked.map((c) => `.${c}`).join('');
    };
    const isNamed = (el: Element) => el.id || el.getAttribute('data-testid') || [...el.classList].some((c) => c.startsWith('Ra')) || ['MAIN', 'NAV', 'HEADER', 'FORM', 'TABLE'].includes(el.tagName);
    /** 'main > … > div.RaDatagrid-tableWrapper': the element and its two nearest named ancestors. */
    const pathOf = (el: Element): string => {
      const parts = [nameOf(el)];
      let skipped = false;
      for (let p = el.parentElement; p && p !== document.body && parts.length < 3; p = p.parentElement) {
        if (isNamed(p)) {
          parts.unshift(nameOf(p) + (skipped ? ' > …' : ''));
          skipped = false;
        } else skipped = true;
      }
      return parts.join(' > ');
    };
    const words = (t: string | null | undefined, n = 60) => (t ?? '').replace(/\s+/g, ' ').trim().slice(0, n);
    const holdsOf = (el: Element): string => {
      const aria = el.getAttribute('aria-label');
      if (aria) return `"${aria}"`;
      const table = el.matches('table') ? el : el.querySelector('table');
      const tableName = table && (table.getAttribute('aria-label') || table.querySelector('caption')?.textContent);
      if (table) return `table${tableName ? ` "${words(tableName)}"` : ''} with columns: ${words([...table.querySelectorAll('th')].map((th) => th.textContent).join(' | '), 120)}`;
      const heading = el.querySelector('h1, h2, h3, h4, h5, h6');
      if (heading) return `heading "${words(heading.textContent)}"`;
      return `"${words((el as HTMLElement).innerText)}"`;
    };
    /** The box of an element a user can see, or null; `pastRight`: also one lying wholly beyond the right edge. */
    const shown = (el: Element, pastRight = false): DOMRect | null => {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return null;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return null;
      if (r.right <= 0 || (!pastRight && r.left >= window.innerWidth)) return null;
      return r;
    };
    const out: Overflow[] = [];

    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + SLACK) {
      // What a user sees past the right edge: the innermost elements whose own content (text, or
      // boxes side by side) reaches past it, not clipped by a box of their own; a table cell counts
      // as its table, an icon as its button. Blocks merely stretched by a wide sibling (a heading) are left out.
      const edge = root.clientWidth + SLACK;
      const contentRight = (el: Element) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return range.getBoundingClientRect().right;
      };
      const reaching: Element[] = [];
      for (const el of document.body.querySelectorAll('*')) {
        const r = shown(el, true);
        if (!r || r.right <= edge || contentRight(el) <= edge || getComputedStyle(el).position === 'fixed') continue;
        let clipped = false;
        for (let p = el.parentElement; p && p !== document.body && !clipped; p = p.parentElement) {
          const cs = getComputedStyle(p);
          clipped = cs.overflowX !== 'visible' || cs.position === 'fixed';
        }
        if (!clipped) reaching.push(el);
      }
      const innermost = reaching.filter((el) => ![...el.children].some((c) => reaching.includes(c)));
      const shownAs = [...new Set(innermost.map((el) => el.closest('table') ?? el.closest('button, a, [role="button"]') ?? el))];
      shownAs.sort((x, y) => contentRight(y) - contentRight(x));
      const culprits = shownAs.slice(0, 3).map((el) => {
        const r = el.getBoundingClientRect();
        return `${pathOf(el)} [${holdsOf(el)}] spans x=${Math.round(r.left)}..${Math.round(r.right)}`;
      });
      out.push({ box: 'page', holds: document.title, scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, culprits });
    }

    for (const el of document.body.querySelectorAll('*')) {
      if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) continue;
      const cs = getComputedStyle(el);
      if (cs.overflowX !== 'auto' && cs.overflowX !== 'scroll') continue;
      if (el.scrollWidth <= el.clientWidth + SLACK) continue;
      const box = shown(el);
      if (!box) continue;
      let widest: Element | null = null;
      let right = -Infinity;
      for (const child of el.children) {
        const r = child.getBoundingClientRect();
        if (r.right > right) [widest, right] = [child, r.right];
      }
      out.push({
        box: pathOf(el),
        holds: holdsOf(el),
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        culprits: widest ? [`${nameOf(widest)} is ${Math.round(widest.getBoundingClientRect().width)} px wide`] : [],
      });
    }
    return out;
  });
}

/** axe-core's violations with its default rules (WCAG 2.0/2.1/2.2 A and AA, best practices), every impact. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  // Let finite CSS transitions end first (a button fading in would be measured half-coloured).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return violations.map((v) => ({
      id: v.id,
      impact: v.impact!,
      help: v.help,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
}

export const describeOverflow = (o: Overflow) =>
  `${o.box} [${o.holds}] is ${o.scrollWidth} px wide inside ${o.clientWidth} px${o.culprits.length ? `; ${o.culprits.join('; ')}` : ''}`;

export const describeAxe = (v: AxeFinding) => `${v.id} (${v.impact}, ${v.nodes} node${v.nodes === 1 ? '' : 's'}): ${v.help}; e.g. ${v.targets.join(' | ')}`;

/** The violations the acceptance fails on. */
export const isSerious = (v: AxeFinding) => v.impact === 'serious' || v.impact === 'critical';

/** The page as it is neither scrolls sideways nor has a serious or critical axe-core violation; `what` names it in failures. */
export async function expectSound(page: Page, what: string): Promise<void> {
  expect((await measureOverflow(page)).map(describeOverflow), `${what}: sideways overflow`).toEqual([]);
  expect((await axeViolations(page)).filter(isSerious).map(describeAxe), `${what}: axe`).toEqual([]);
}
