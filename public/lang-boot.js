/*
 * Picks the interface language before first paint (loaded as a blocking external script: the CSP forbids inline ones).
 * Order: ?lang, then currentLang in session storage, then in local storage, then the browser's languages; French otherwise.
 * Sets <html lang> and data-lang, which the stylesheet uses to show the static texts of that language only,
 * stores a ?lang value as currentLang, and localizes attributes marked data-l10n (see src/lib/platform/apply-lang.ts).
 */
(function () {
  var LANGS = ['fr', 'en', 'es', 'it'];

  function pick(value) {
    var code = String(value || '')
      .slice(0, 2)
      .toLowerCase();
    return LANGS.indexOf(code) >= 0 ? code : null;
  }

  function read(area, key) {
    try {
      return window[area].getItem(key);
    } catch (e) {
      return null;
    }
  }

  function write(area, key, value) {
    try {
      window[area].setItem(key, value);
    } catch (e) {
      // Storage refused (sandboxed iframe, private mode): the choice lasts for this page only.
    }
  }

  var query;
  try {
    query = pick(new URLSearchParams(window.location.search).get('lang'));
  } catch (e) {
    query = null;
  }
  var lang = query || pick(read('sessionStorage', 'currentLang')) || pick(read('localStorage', 'currentLang'));
  if (!lang) {
    var browser = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]) || [];
    for (var i = 0; i < browser.length && !lang; i += 1) lang = pick(browser[i]);
  }
  lang = lang || 'fr';
  if (query) {
    write('sessionStorage', 'currentLang', query);
    write('localStorage', 'currentLang', query);
  }

  var html = document.documentElement;
  html.setAttribute('lang', lang);
  html.setAttribute('data-lang', lang);

  function localize() {
    var elements = document.querySelectorAll('[data-l10n]');
    for (var j = 0; j < elements.length; j += 1) {
      var values;
      try {
        values = JSON.parse(elements[j].getAttribute('data-l10n'));
      } catch (e) {
        continue;
      }
      for (var name in values) {
        if (!Object.prototype.hasOwnProperty.call(values, name)) continue;
        var value = values[name][lang] || values[name].fr;
        if (typeof value !== 'string') continue;
        if (name === 'text') elements[j].textContent = value;
        else elements[j].setAttribute(name, value);
      }
    }
  }

  // The <title> is already parsed; the body's attributes once the document is.
  if (lang !== 'fr') {
    localize();
    document.addEventListener('DOMContentLoaded', localize);
  }
})();
