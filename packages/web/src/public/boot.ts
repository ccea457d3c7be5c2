/**
 * The public pages' first script (issue 14). The server-rendered page is complete without
 * scripts, so the browser paints it first and only then fetches and runs the app and hydrates it.
 *
 * Every page but the map search lists its script files in the HTML (Document's
 * SCRIPTS_ELEMENT_ID) instead of announcing them as modulepreload: once the browser reports the
 * page's first contentful paint, they are all preloaded at once (one round, nothing discovered
 * later), so they neither take a phone's bandwidth from the document and its picture nor come
 * before the paint. The map search, whose map is drawn by script, announces its scripts as
 * modulepreload (they are already downloading) and starts after its first frame. Evaluating React
 * and the page and hydrating are long tasks that would otherwise come before the first paint. A
 * page opened in a background tab (no frames) starts at once.
 *
 * This module imports nothing but Vite's small helper of lazy imports: what it imports comes
 * before the paint. React's own modules are evaluated first, in a task of their own, and the app
 * after a yield: evaluating the whole module graph at once was a phone's longest task after the
 * first paint.
 */
const SCRIPTS_ELEMENT_ID = 'ssr-scripts';

/** The script files the server listed for this page, or undefined where it announced them itself. */
const listedScripts = (): string[] | undefined => {
  const list = document.getElementById(SCRIPTS_ELEMENT_ID);
  return list ? (JSON.parse(list.textContent || '[]') as string[]) : undefined;
};

const preload = (files: string[]) => {
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
};

const start = async (files: string[] | undefined) => {
  if (files) preload(files);
  await import('react-dom/client');
  await new Promise((resolve) => setTimeout(resolve, 0));
  await import('./entry-client');
};

const afterFrame = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));

/** Calls `then` after the page's first contentful paint, as the browser reports it (else after the first frame). */
const afterFirstContentfulPaint = (then: () => void) => {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return afterFrame(then);
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    observer.disconnect();
    afterFrame(then);
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length) once();
  });
  observer.observe({ type: 'paint', buffered: true });
  // A page whose paint the browser does not report (it hid it, say) starts all the same.
  setTimeout(once, 2000);
};

/**
 * A form submitted before React handles it (Enter in a search box while the app is on its way)
 * would reload the page, words and all: the public pages' forms have no action, React submits
 * them. Such a submit, one that no React handler took (they all prevent the default), is stopped
 * here, after React's listeners on the document, and the form marked; once hydrated, the form
 * submits itself again (public-ui's useHeldSubmit).
 */
window.addEventListener('submit', (event) => {
  if (event.defaultPrevented || !(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  event.target.setAttribute('data-held-submit', '');
});

/**
 * A control the visitor types into or changes is marked (`data-early-input`), so that the kit's
 * controls, once hydrated, pass on what was typed before (public-ui's useKeepEarlyInput) and
 * nothing else: a value the DOM lacks for another reason (a select whose options came later) is
 * not the visitor's.
 */
const markInput = (event: Event) => {
  const target = event.target;
  if ((target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) && !target.hasAttribute('data-early-input')) {
    target.setAttribute('data-early-input', '');
  }
};
window.addEventListener('input', markInput, true);
window.addEventListener('change', markInput, true);

/** Whether a control holds something other than what the server sent: typed or chosen by the visitor. */
const changedFromServer = (el: Element): boolean => {
  if (el instanceof HTMLInputElement) return el.type === 'checkbox' || el.type === 'radio' ? el.checked !== el.defaultChecked : el.value !== el.defaultValue;
  if (el instanceof HTMLTextAreaElement) return el.value !== el.defaultValue;
  if (el instanceof HTMLSelectElement) return Array.from(el.options).some((option) => option.selected !== option.defaultSelected);
  return false;
};

/**
 * This script itself comes after the first paint, so a visitor on a slow phone may have typed
 * (or pasted) before the listeners above were there: such controls are marked now, by what they
 * hold against what the server sent.
 */
for (const el of Array.from(document.querySelectorAll('input, textarea, select'))) {
  if (changedFromServer(el)) el.setAttribute('data-early-input', '');
}

/**
 * A tap on a button before the page is live (加入对比, 收藏) would do nothing: React has not
 * attached its handlers yet. The last such tap is kept and made again once the page has hydrated
 * (PublicRoot marks it); React hydrates the part tapped first if it is not yet. Links need no
 * help (the browser follows them), nor submit buttons (their submit is held above).
 */
const keepEarlyTaps = () => {
  let tapped: HTMLButtonElement | undefined;
  const keep = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button?.type === 'button' && !event.defaultPrevented) tapped = button;
  };
  window.addEventListener('click', keep);
  const live = new MutationObserver(() => {
    if (document.documentElement.dataset.hydrated !== 'true') return;
    live.disconnect();
    window.removeEventListener('click', keep);
    if (tapped?.isConnected) tapped.click();
  });
  live.observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
};

keepEarlyTaps();
const files = listedScripts();
if (document.visibilityState === 'hidden') void start(files);
else if (files) afterFirstContentfulPaint(() => void start(files));
else afterFrame(() => void start(files));
