import { focusIsInPage } from './page-focus';

const isField = (element: Element) =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement ||
  (element instanceof HTMLElement && element.isContentEditable);

/** A menu or dialog the reader has open (the header's bell, the user menu): moving focus out would close it. */
const inOpenLayer = (element: Element) =>
  element.closest('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null;

/**
 * Focuses the page's h1 once it is there (a page may show it only after its data), unless focus is in the page
 * already or has moved since `from` to another field, or into a menu or dialog the reader opened while the page
 * loaded; returns what stops waiting (the next navigation).
 */
export function focusPageHeading(page: HTMLElement, from: Element | null): () => void {
  const focusHeading = () => {
    const heading = page.querySelector('h1');
    if (!heading) return false;
    const active = document.activeElement;
    const moved = active && active !== from && active !== document.body;
    if (!focusIsInPage() && !(moved && (isField(active) || inOpenLayer(active)))) {
      heading.tabIndex = -1;
      // A heading is not a control: no focus ring on it (the browser draws one when the page came without a click).
      heading.classList.add('outline-none');
      heading.focus({ preventScroll: true });
    }
    return true;
  };
  if (focusHeading()) return () => {};
  const observer = new MutationObserver(() => {
    if (focusHeading()) observer.disconnect();
  });
  observer.observe(page, { childList: true, subtree: true });
  return () => observer.disconnect();
}
