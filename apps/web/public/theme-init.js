// Applies the stored theme before first paint. Any value other than 'light' or 'dark' is ignored (not overwritten).
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
