// Runs in <head>, before the first paint (a blocking classic script: the CSP runs no inline script).

// The stored theme. Any value other than 'light' or 'dark' is ignored (not overwritten).
(function () {
  var theme = 'light';
  try {
    var stored = window.localStorage.getItem('theme');
    if (stored === 'dark' || stored === 'light') theme = stored;
  } catch {
    // Storage can be unavailable (privacy mode); the default applies.
  }
  var root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
})();

// On a page the server drew, the app's code is fetched after the first paint (docs/decisions/017): the server writes
// it as <link data-after-paint="module|modulepreload" href> (inert) and marks this script data-app-after-paint.
// Until the page is hydrated (while React hydrates, a click can reach a part it has not hydrated yet and be lost),
// a click on a button, on a link once hydrating has begun, and a form's submit (a form with an action works as plain HTML) are held here and done again
// once the page is hydrated, with what was typed into a field before (a field filled without a key pressed, before it was hydrated, is not seen by React).
(function () {
  var script = document.currentScript;
  if (!script || !script.hasAttribute('data-app-after-paint')) return;
  var actions = [];
  var typed = [];
  var listening = false;
  var hydrated = false;

  function hold(event) {
    var target = event.target;
    if (event.type === 'input') {
      var text = /^(text|search|email|url|tel|password|number|textarea)$/.test(target.type);
      if (text && !hydrated && typed.indexOf(target) < 0) typed.push(target);
    } else if (hydrated) {
      return;
    } else if (event.type === 'submit') {
      if (target.hasAttribute('action')) return;
      event.preventDefault();
      // While React hydrates it listens too: the action is done once, when replayed.
      if (listening) event.stopPropagation();
      actions.push({ form: target, submitter: event.submitter });
    } else {
      // A link works as plain HTML until React starts hydrating; from then until hydrated, the router's handler may be
      // half attached and the click lost (a same-page link in this tab, clicked plainly, is held and done again).
      var link = target.closest('a[href]');
      if (link) {
        var plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
        var here = link.origin === location.origin && (!link.target || link.target === '_self') && !link.hasAttribute('download');
        if (listening && plain && here) {
          event.preventDefault();
          event.stopPropagation();
          actions.push({ button: link });
        }
        return;
      }
      var button = target.closest('button');
      // A submit button's click submits its form natively: held as that submit.
      if (button && !(button.form && button.type === 'submit')) {
        if (listening) event.stopPropagation();
        actions.push({ button: button });
      }
    }
  }
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  document.addEventListener('input', hold, true);

  // Sent by the app: as it starts hydrating (src/main.tsx), and once the page is hydrated (src/app/routes/root.tsx).
  document.addEventListener('fenestra:hydrating', function () {
    listening = true;
  });
  document.addEventListener('fenestra:hydrated', function () {
    if (hydrated) return;
    hydrated = true;
    typed.forEach(function (field) {
      if (!field.isConnected) return;
      // React tracks a field's value to tell a change: set it to empty through the tracked property, the typed text
      // past it, and the input event reads as the change it was (or changes nothing, if React had seen it).
      var text = field.value;
      var native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
      field.value = '';
      if (native && native.set) native.set.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    // In a task of its own: React renders what the typed text changed before a click or a submit reads it.
    setTimeout(function () {
      actions.forEach(function (action) {
        if (action.button) {
          if (action.button.isConnected) action.button.click();
        } else if (action.form.isConnected) {
          var submitter = action.submitter;
          action.form.requestSubmit(submitter && submitter.isConnected && submitter.form === action.form ? submitter : null);
        }
      });
    });
  });

  var loaded = false;
  function load() {
    if (loaded) return;
    loaded = true;
    var queued = [].slice.call(document.querySelectorAll('link[data-after-paint]'));
    // A few in each task: starting a request costs a loaded phone about a millisecond of the main thread, and the
    // post page's twenty at once made a long task (total blocking time).
    (function next() {
      queued.splice(0, 4).forEach(function (link) {
        var kind = link.getAttribute('data-after-paint');
        var element = document.createElement(kind === 'module' ? 'script' : 'link');
        element.crossOrigin = '';
        if (kind === 'module') {
          element.type = 'module';
          element.src = link.href;
        } else {
          element.rel = 'modulepreload';
          element.href = link.href;
        }
        document.head.appendChild(element);
      });
      if (queued.length) setTimeout(next);
    })();
  }

  // A hidden page (a background tab, a prerender) paints nothing until shown: its code loads with the document.
  // (Every browser that preloads modules, as the app needs, reports paints.)
  if (document.visibilityState === 'hidden') {
    document.addEventListener('DOMContentLoaded', load);
    return;
  }
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    load();
  }).observe({ type: 'paint', buffered: true });
})();
