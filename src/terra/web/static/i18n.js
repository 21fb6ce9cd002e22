// The page's language: the one chosen with the switch (kept in this browser), else the
// browser's own, else English. The languages come from /api/i18n (the server's one list), the
// words from /api/i18n/<language>, the server's reading of the gettext catalogs in
// terra/web/locale (docs/web.md, "Languages").
const KEY = "terra.language";
const SOURCE = "en";

let messages = {};
// The server's languages, each code with its name in itself (English alone until they come).
let languages = { [SOURCE]: "English" };
export let language = SOURCE;

function known(tag) {
  const primary = String(tag || "").toLowerCase().split(/[-_]/)[0];
  return Object.hasOwn(languages, primary) ? primary : null;
}

/** The server's list of languages; without it the page speaks English. */
async function loadLanguages() {
  try {
    const response = await fetch("/api/i18n");
    if (response.ok) {
      const listed = (await response.json()).languages;
      languages = Object.fromEntries(listed.map(({ code, name }) => [code, name]));
    }
  } catch {
    languages = { [SOURCE]: "English" };
  }
}

/** The language this page should speak. */
export function chosenLanguage() {
  let stored = null;
  try {
    stored = known(localStorage.getItem(KEY));
  } catch {
    stored = null;
  }
  if (stored) return stored;
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (const tag of wanted) {
    const found = known(tag);
    if (found) return found;
  }
  return SOURCE;
}

/**
 * The translation of an English text, with {name} placeholders filled from args.
 * A text the catalog lacks reads in English.
 */
export function t(text, args = {}) {
  const said = Object.hasOwn(messages, text) ? messages[text] : text;
  return said.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(args, name) ? String(args[name]) : whole));
}

/** Load the chosen language's words, then translate the page's fixed texts (data-t). */
export async function loadLanguage() {
  await loadLanguages();
  language = chosenLanguage();
  messages = {};
  if (language !== SOURCE) {
    try {
      const response = await fetch(`/api/i18n/${language}`);
      if (response.ok) messages = (await response.json()).messages;
    } catch {
      messages = {}; // the page still works, in English
    }
  }
  document.documentElement.lang = language;
  for (const node of document.querySelectorAll("[data-t]")) {
    if (!node.dataset.english) node.dataset.english = node.textContent;
    node.textContent = t(node.dataset.english);
  }
  return language;
}

/** The language switch: a labelled select that keeps the choice and reloads the page. */
export function languageSwitch() {
  const label = document.createElement("label");
  label.className = "language";
  label.append(t("Language") + " ");
  const select = document.createElement("select");
  select.id = "language";
  for (const [code, name] of Object.entries(languages)) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.lang = code;
    select.append(option);
  }
  select.value = language;
  select.addEventListener("change", () => {
    try {
      localStorage.setItem(KEY, select.value);
    } catch {
      // no storage: the choice lasts for this page only
    }
    location.reload();
  });
  label.append(select);
  return label;
}
