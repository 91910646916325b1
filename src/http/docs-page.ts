/**
 * GET /docs: a readable page rendered on the server from the OpenAPI document. No CDN, no
 * script: it must work on a machine with no network.
 */
const esc = (s: unknown) => String(s ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked as plain JSON; every field read is optional.
export function renderDocs(doc: any): string {
  const rows: string[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: as above
  for (const [path, methods] of Object.entries<any>(doc.paths ?? {})) {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    for (const [method, op] of Object.entries<any>(methods)) {
      const body = op.requestBody?.content?.["application/json"]?.schema;
      const res = op.responses?.["200"]?.content?.["application/json"]?.schema;
      rows.push(`<section id="${esc(op.operationId ?? path)}">
<h2><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h2>
<p><strong>${esc(op.summary)}</strong></p>
${String(op.description ?? "")
  .split("\n\n")
  .map((p) => `<p>${esc(p)}</p>`)
  .join("\n")}
${body ? `<details><summary>Request body</summary><pre>${esc(JSON.stringify(body, null, 2))}</pre></details>` : ""}
${res ? `<details><summary>Response</summary><pre>${esc(JSON.stringify(res, null, 2))}</pre></details>` : ""}
<p class="codes">Statuses: ${Object.keys(op.responses ?? {})
        .map(esc)
        .join(", ")}</p>
</section>`);
    }
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(doc.info?.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
h1{margin-bottom:.2rem} h2{font-size:1.05rem;margin:0} section{border-top:1px solid #ddd;padding:1rem 0}
.m{display:inline-block;min-width:4.5rem;font-size:.8rem;padding:.1rem .4rem;border-radius:3px;color:#fff;background:#555;text-align:center}
.get{background:#2f6f3e}.post{background:#23508e}.delete{background:#8e2323}
pre{background:#f5f5f5;padding:.6rem;overflow:auto;font-size:.8rem} .codes{color:#555;font-size:.85rem}
</style></head><body>
<h1>${esc(doc.info?.title)} <small>${esc(doc.info?.version)}</small></h1>
<p>${esc(doc.info?.description)}</p>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI ${esc(doc.openapi)}).</p>
${rows.join("\n")}
</body></html>`;
}
