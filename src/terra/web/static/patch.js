// The changes an update brings to the view the page was last shown (docs/web.md, "Patches"):
// each [path, value] sets the value at the path of keys and indices (the empty path: the whole
// view), each [path] removes a key.

/** The view after ``changes``, made on a copy of ``view``; null if a path does not lead
 * anywhere in it (the page then asks for the whole view). */
export function applyPatch(view, changes) {
  let result = structuredClone(view);
  for (const change of changes) {
    const [path, ...value] = change;
    if (path.length === 0) {
      result = value[0];
      continue;
    }
    let node = result;
    for (const key of path.slice(0, -1)) {
      if (node === null || typeof node !== "object" || !(key in node)) return null;
      node = node[key];
    }
    if (node === null || typeof node !== "object") return null;
    const last = path[path.length - 1];
    if (value.length) node[last] = value[0];
    else delete node[last];
  }
  return result;
}
