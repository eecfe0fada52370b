/**
 * The readable API page (/api/docs): drawn here from the OpenAPI document, as plain HTML with no script, so it
 * works under the forum's Content-Security-Policy (script-src 'self', no inline script) and loads nothing else.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  minLength?: number;
  maxLength?: number;
  format?: string;
};

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A schema as a short TypeScript-like type: what a client reads to know an answer's shape. */
export function schemaText(schema: JsonSchema | undefined, indent = ''): string {
  if (!schema || Object.keys(schema).length === 0) return 'unknown';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((s) => schemaText(s, indent)).join(' | ');
  if (schema.allOf) return schema.allOf.map((s) => schemaText(s, indent)).join(' & ');
  const types = [schema.type ?? 'unknown'].flat();
  return types.map((type) => typeText(type, schema, indent)).join(' | ');
}

function typeText(type: string, schema: JsonSchema, indent: string): string {
  if (type === 'array') return `${schemaText(schema.items, indent)}[]`;
  if (type === 'integer') return 'number';
  if (type !== 'object') return type;
  const inner = `${indent}  `;
  const fields = Object.entries(schema.properties ?? {}).map(([name, field]) => {
    const optional = schema.required?.includes(name) ? '' : '?';
    return `${inner}${name}${optional}: ${schemaText(field, inner)};`;
  });
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    fields.push(`${inner}[key: string]: ${schemaText(schema.additionalProperties, inner)};`);
  return fields.length ? `{\n${fields.join('\n')}\n${indent}}` : '{}';
}

function operationHtml(method: string, path: string, op: Operation): string {
  const parts = [`<h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`];
  if (op.summary) parts.push(`<p>${escapeHtml(op.summary)}</p>`);
  if (op.description) parts.push(`<p>${escapeHtml(op.description)}</p>`);
  if (op.parameters?.length) {
    const rows = op.parameters.map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td>` +
        `<td><code>${escapeHtml(schemaText(p.schema))}</code></td></tr>`,
    );
    parts.push(
      `<table><thead><tr><th>parameter</th><th>in</th><th>required</th><th>type</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    );
  }
  for (const [type, body] of Object.entries(op.requestBody?.content ?? {}))
    parts.push(`<p>Body (${escapeHtml(type)}):</p><pre>${escapeHtml(schemaText(body.schema))}</pre>`);
  for (const [status, answer] of Object.entries(op.responses ?? {})) {
    const content = Object.entries(answer.content ?? {});
    const shapes = content.map(([type, c]) => `${escapeHtml(type)}: ${escapeHtml(schemaText(c.schema))}`);
    parts.push(
      `<p><strong>${escapeHtml(status)}</strong> ${escapeHtml(answer.description ?? '')}</p>` +
        (shapes.length ? `<pre>${shapes.join('\n')}</pre>` : ''),
    );
  }
  return `<section id="${escapeHtml(`${method}-${path}`)}">${parts.join('')}</section>`;
}

export function apiDocsPage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const index = operations
    .map(
      ({ path, method }) =>
        `<li><a href="#${escapeHtml(`${method}-${path}`)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
    )
    .join('');
  const title = escapeHtml(document.info.title);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${title}</title><style>` +
    `body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1c1917}` +
    `pre{background:#f5f5f4;padding:.75rem;overflow-x:auto;font-size:.85rem}section{border-top:1px solid #d6d3d1;margin-top:1.5rem}` +
    `.method{font-family:monospace;background:#1c1917;color:#fff;padding:0 .4rem;border-radius:.25rem}` +
    `table{border-collapse:collapse}td,th{border:1px solid #d6d3d1;padding:.25rem .5rem;text-align:left}</style></head>` +
    `<body><main><h1>${title} ${escapeHtml(document.info.version)}</h1>` +
    `<p>${escapeHtml(document.info.description ?? '')}</p><p><a href="/api/openapi.json">The OpenAPI 3.1 document</a></p>` +
    `<nav><ul>${index}</ul></nav>${operations.map(({ path, method, op }) => operationHtml(method, path, op)).join('')}` +
    `</main></body></html>`
  );
}
