import DOMPurify from 'dompurify';

/**
 * An event name that may hold HTML (spec §2 Events), shown sanitised with DOMPurify:
 * scripts, event handlers (onerror, onclick, …), iframes, forms and links are removed.
 */
export function SafeHtml({ html, component: Component = 'span' }: { html: string | null | undefined; component?: 'span' | 'div' }) {
  const clean = DOMPurify.sanitize(html ?? '', {
    FORBID_TAGS: ['a', 'img', 'style', 'iframe', 'form', 'input', 'button', 'svg', 'math'],
    FORBID_ATTR: ['style'],
  });
  return <Component dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** The event name as plain text (tags stripped by DOMPurify), for labels and confirmations. */
export function plainEventName(html: string | null | undefined): string {
  const clean = DOMPurify.sanitize(html ?? '', { ALLOWED_TAGS: [], KEEP_CONTENT: true });
  const el = document.createElement('textarea');
  el.innerHTML = clean;
  return el.value;
}
