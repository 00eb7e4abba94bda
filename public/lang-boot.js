/*
 * Picks the interface language before first paint (loaded as a blocking external script: the CSP forbids inline ones).
 * Order: ?lang, then currentLang in session storage, then in local storage, then the browser's languages; French otherwise.
 * Sets <html lang> and data-lang, which the stylesheet uses to show the static texts of that language only,
 * stores a ?lang value as currentLang, and localizes attributes marked data-l10n (see src/lib/platform/apply-lang.ts).
 * Static texts (src/components/T.astro) are written in French with their keys: in another language their shared file
 * (src/shared/static-texts.ts, named in <meta name="couvert-texts">) is loaded before the body, and they are put in
 * as soon as the page is parsed.
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

  var catalogues = (self.couvertTexts = self.couvertTexts || {});
  var meta = document.querySelector('meta[name="couvert-texts"]');
  var textsUrl = meta && meta.getAttribute('content');
  if (lang !== 'fr' && textsUrl && !catalogues[lang]) {
    html.setAttribute('data-texts', 'pending');
    // Written by the parser, so it blocks as this script does: the texts are there before the body is parsed. One
    // file per language for every page, named by its content: fetched once, then from the cache.
    document.write('<script src="' + textsUrl.replace('{lang}', lang) + '"></' + 'script>');
  }

  function message(catalogue, key) {
    var node = catalogue;
    var parts = key.split('.');
    for (var k = 0; k < parts.length && node && typeof node === 'object'; k += 1) node = node[parts[k]];
    return typeof node === 'string' ? node : null;
  }

  var textsDone = false;
  function localizeTexts() {
    if (textsDone) return;
    textsDone = true;
    var catalogue = catalogues[lang];
    var elements = [];
    // Templates too (the tracking page's first view copies its texts from them): their content is no part of the document.
    var roots = catalogue ? [document] : [];
    for (var r = 0; r < roots.length; r += 1) {
      var found = roots[r].querySelectorAll('[data-t], template');
      for (var f = 0; f < found.length; f += 1) {
        if (found[f].tagName === 'TEMPLATE') roots.push(found[f].content);
        else elements.push(found[f]);
      }
    }
    for (var j = 0; j < elements.length; j += 1) {
      var text = message(catalogue, elements[j].getAttribute('data-t'));
      if (text === null) continue;
      var vars = {};
      try {
        vars = JSON.parse(elements[j].getAttribute('data-tv') || '{}') || {};
      } catch (e) {
        vars = {};
      }
      // One pass, as src/shared/translator.ts does: a value that looks like a placeholder stays as written.
      elements[j].textContent = text.replace(/\{\{\s*(\w+)\s*\}\}/g, function (whole, name) {
        return Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole;
      });
    }
    // Shown: in the diner's language, or in French when its file could not be had.
    html.removeAttribute('data-texts');
  }

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

  // The <title> is already parsed; the body once the document is: at "interactive", before deferred scripts run and
  // the page first paints while it waits for them.
  if (lang !== 'fr') {
    localize();
    var parsed = function () {
      localizeTexts();
      localize();
    };
    document.addEventListener('readystatechange', function () {
      if (document.readyState !== 'loading') parsed();
    });
    document.addEventListener('DOMContentLoaded', parsed);
  }
})();
