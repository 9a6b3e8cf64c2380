// Apply the saved theme before the first paint so there is no flash. A file, not an inline
// script, so the Content-Security-Policy can forbid inline scripts.
(function () {
  try {
    var raw = localStorage.getItem('scoreline.preferences');
    var theme = raw ? JSON.parse(raw).theme : 'dark';
    if (theme === 'auto') {
      theme = window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
    }
    if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  } catch {
    /* keep the dark default */
  }
})();
